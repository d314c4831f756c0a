import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { Courier } from '@shop/shared/schemas/delivery'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { ErrorState } from '../../../components/ui/states.tsx'
import { useCan } from '../../../lib/auth/permissions.ts'
import { balanceQuery } from '../api/balance-api.ts'
import { BalanceFigures } from './balance-figures.tsx'
import { HandoverForm } from './handover-form.tsx'
import { OpenDeliveries } from './open-deliveries.tsx'
import { StatementUpload } from './statement-upload.tsx'

/**
 * A courier's cash account (issue 42): the balance, the deliveries not settled, and, for staff with
 * settlements.manage, recording the cash: an own driver's hand-over or a courier company's statement (CSV).
 */
export function CourierAccountDialog({ courier, onClose }: { courier: Courier | null; onClose(): void }) {
  const { t } = useTranslation('dashboard')
  const settles = useCan()('settlements.manage')
  const balance = useQuery({ ...balanceQuery(courier?.id ?? 0), enabled: courier !== null })
  let body
  if (!courier || balance.isPending)
    body = (
      <div className="space-y-2" aria-busy="true">
        <Skeleton className="h-20" />
        <Skeleton className="h-32" />
      </div>
    )
  else if (balance.isError)
    body = (
      <ErrorState
        title={t('delivery.account.load_failed')}
        message={balance.error.message}
        onRetry={() => void balance.refetch()}
      />
    )
  else {
    const open = balance.data.open
    body = (
      <div className="space-y-5">
        <BalanceFigures balance={balance.data} />
        <section aria-labelledby="open-deliveries" className="space-y-2">
          <h3 id="open-deliveries" className="font-bold text-stone-900">
            {t('delivery.account.open_title')}
          </h3>
          {settles && courier.kind === 'driver' ? (
            <HandoverForm courier={courier} open={open} />
          ) : (
            <OpenDeliveries open={open} />
          )}
        </section>
        {settles && courier.kind === 'company' ? <StatementUpload courier={courier} /> : null}
      </div>
    )
  }
  return (
    <Dialog
      open={courier !== null}
      onOpenChange={(o) => !o && onClose()}
      title={t('delivery.account.title', { name: courier?.name ?? '' })}
      size="xl"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('delivery.account.close')}
        </Button>
      }
    >
      {body}
    </Dialog>
  )
}
