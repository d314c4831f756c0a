import { useMutation } from '@tanstack/react-query'
import { Copy, Link2 } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button.tsx'
import { Input } from '../../../components/ui/field.tsx'
import { useMailWorks } from '../../../lib/mail-status.ts'
import { toast } from '../../../lib/toast.ts'
import { renewTrackingLink } from '../api/orders-api.ts'

/**
 * Decision 0105: staff give the order a new tracking link (a link was forwarded to the wrong person, or leaked); the
 * link in the shopper's mails stops opening the order. Asked once more before it happens; the new link is shown to
 * copy and send the shopper another way.
 */
export function TrackingLink({ orderId }: { orderId: number }) {
  const { t } = useTranslation('dashboard')
  // Issue 39: without mail the shopper never got a link; this is how they get one.
  const mailWorks = useMailWorks()
  const [asking, setAsking] = useState(false)
  const [link, setLink] = useState<string | null>(null)
  const inputId = useId()
  const renew = useMutation({
    mutationFn: () => renewTrackingLink(orderId),
    onSuccess: (res) => {
      setLink(res.tracking_url)
      setAsking(false)
      toast.success(t('orders.tracking_link.renewed'))
    },
    onError: (err) => toast.error(err.message),
  })
  const copy = async () => {
    if (!link) return
    try {
      await navigator.clipboard.writeText(link)
      toast.success(t('orders.tracking_link.copied'))
    } catch {
      document.getElementById(inputId)?.focus()
    }
  }
  return (
    <section className="mt-6 border-t border-sand-300 pt-4" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className="font-bold text-stone-900">
        {t('orders.tracking_link.title')}
      </h3>
      <p className="mt-1 text-sm text-stone-600">
        {mailWorks ? t('orders.tracking_link.text') : t('orders.tracking_link.text_no_mail')}
      </p>
      {link ? (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
          <label htmlFor={inputId} className="sr-only">
            {t('orders.tracking_link.new_link')}
          </label>
          <Input
            id={inputId}
            readOnly
            dir="ltr"
            value={link}
            onFocus={(e) => e.currentTarget.select()}
            className="min-w-0 flex-1 text-sm"
          />
          <Button variant="secondary" icon={<Copy className="size-4" aria-hidden="true" />} onClick={copy}>
            {t('orders.tracking_link.copy')}
          </Button>
        </div>
      ) : null}
      {asking ? (
        <div
          role="group"
          aria-label={t('orders.tracking_link.confirm')}
          className="mt-3 rounded-[var(--radius-card)] border border-honey-300 bg-honey-50 p-3"
        >
          <p className="text-sm text-stone-800">{t('orders.tracking_link.confirm')}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button busy={renew.isPending} onClick={() => renew.mutate()}>
              {t('orders.tracking_link.renew')}
            </Button>
            <Button variant="secondary" disabled={renew.isPending} onClick={() => setAsking(false)}>
              {t('common:actions.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          variant="secondary"
          className="mt-3"
          icon={<Link2 className="size-4" aria-hidden="true" />}
          onClick={() => setAsking(true)}
        >
          {t('orders.tracking_link.new')}
        </Button>
      )}
    </section>
  )
}
