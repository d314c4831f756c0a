import { useState } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { FlaskConical } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button.tsx'
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx'
import { api } from '../../lib/api-client.ts'
import { useCan } from '../../lib/auth/permissions.ts'
import { changedBy, dashboardKeys } from '../../lib/dashboard-keys.ts'
import { toast } from '../../lib/toast.ts'

interface DemoCounts {
  orders: number
  customers: number
  products: number
  categories: number
  offers: number
  content: boolean
}

/**
 * Decision 0225: while the demo shop's data is there, every dashboard page says so; the owner removes it in one
 * confirmed action that keeps everything of their own. Staff who cannot remove it are told who can.
 */
export function DemoBanner() {
  const { t } = useTranslation('dashboard')
  const can = useCan()
  const [asking, setAsking] = useState(false)
  const status = useQuery({
    queryKey: dashboardKeys.demo,
    queryFn: ({ signal }) => api<{ present: boolean; counts: DemoCounts }>('/api/demo', { signal }),
    enabled: can('settings.manage'),
    staleTime: 60_000,
  })
  const remove = useMutation({
    mutationFn: () => api<{ removed: DemoCounts }>('/api/demo/remove', { method: 'POST' }),
    meta: { invalidates: changedBy.demo },
    onSuccess: () => {
      setAsking(false)
      toast.success(t('demo.done'))
    },
    onError: (err) => toast.error(err.message),
  })
  if (!status.data?.present) return null
  const owner = can('staff.manage') && can('settings.manage')
  return (
    <div
      role="region"
      aria-label={t('demo.title')}
      className="mb-6 flex flex-col gap-3 rounded-[var(--radius-card)] border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center"
    >
      <FlaskConical className="size-6 shrink-0 text-amber-800" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-bold text-amber-950">{t('demo.title')}</p>
        <p className="mt-1 text-sm text-amber-950">
          {t('demo.text')} {owner ? null : t('demo.owner_only')}
        </p>
      </div>
      {owner ? (
        <Button variant="secondary" className="shrink-0" onClick={() => setAsking(true)}>
          {t('demo.action')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('demo.confirm_title')}
        message={t('demo.confirm_message')}
        confirmLabel={t('demo.confirm')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </div>
  )
}
