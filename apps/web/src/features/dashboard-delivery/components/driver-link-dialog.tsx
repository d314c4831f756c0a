import { useMutation } from '@tanstack/react-query'
import { Link2, Unlink } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Courier } from '@shop/shared/schemas/delivery'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { dateTime } from '../../../lib/dates.ts'
import { toast } from '../../../lib/toast.ts'
import { createDriverLink, endDriverLink, linkWorks, type DriverLink } from '../api/couriers-api.ts'
import { NewDriverLink } from './new-driver-link.tsx'

/**
 * A driver's link to their phone page (issue 42): made here and shown this once (only its hash is kept), to copy or
 * send on WhatsApp; a new link ends the old one; "End the link" stops it at once.
 */
export function DriverLinkDialog({ courier, onClose }: { courier: Courier | null; onClose(): void }) {
  const { t, i18n } = useTranslation('dashboard')
  const [made, setMade] = useState<DriverLink | null>(null)
  const close = () => {
    setMade(null)
    onClose()
  }
  const make = useMutation({
    mutationFn: (c: Courier) => createDriverLink(c.id),
    meta: { invalidates: changedBy.courier },
    onSuccess: setMade,
    onError: (err) => toast.error(t('delivery.link.make_failed', { message: err.message })),
  })
  const end = useMutation({
    mutationFn: (c: Courier) => endDriverLink(c.id),
    meta: { invalidates: changedBy.courier },
    onSuccess: () => {
      setMade(null)
      toast.success(t('delivery.link.ended'))
    },
    onError: (err) => toast.error(t('delivery.link.end_failed', { message: err.message })),
  })
  const works = made !== null || (courier !== null && linkWorks(courier))
  const until = made?.expires_at ?? courier?.driver_link_expires_at
  const busy = make.isPending || end.isPending

  return (
    <Dialog
      open={courier !== null}
      onOpenChange={(o) => !o && close()}
      title={t('delivery.link.title', { name: courier?.name ?? '' })}
      footer={<Button onClick={close}>{t('delivery.link.done')}</Button>}
    >
      {courier ? (
        <div className="space-y-4">
          <p className="text-sm text-stone-700">{t('delivery.link.what')}</p>
          <p className="text-sm font-semibold text-stone-900" data-testid="driver-link-state">
            {works && until
              ? t('delivery.link.works_until', {
                  date: dateTime(until, i18n.language, { dateStyle: 'medium' }),
                })
              : t('delivery.link.none_driver')}
          </p>
          {made ? <NewDriverLink link={made} courier={courier} /> : null}
          <p className="rounded-[var(--radius-control)] bg-honey-50 p-3 text-sm text-stone-800">
            {t('delivery.link.new_ends_old')}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              icon={<Link2 className="size-4" aria-hidden="true" />}
              busy={make.isPending}
              disabled={busy}
              onClick={() => make.mutate(courier)}
            >
              {works ? t('delivery.link.make_new') : t('delivery.link.make')}
            </Button>
            {works ? (
              <Button
                variant="ghost-danger"
                icon={<Unlink className="size-4" aria-hidden="true" />}
                busy={end.isPending}
                disabled={busy}
                onClick={() => end.mutate(courier)}
              >
                {t('delivery.link.end')}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </Dialog>
  )
}
