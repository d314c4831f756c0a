import { useTranslation } from 'react-i18next'
import type { DeliveryReport } from '@shop/shared/schemas/delivery'
import { Money } from '../../../components/ui/money.tsx'
import { Figure } from './figure.tsx'

/** The delivery fees shoppers paid on shipped orders against what the couriers charged for them. */
export function FeesCompared({ fees }: { fees: DeliveryReport['fees'] }) {
  const { t } = useTranslation('dashboard')
  const charged = Number(fees.charged_to_shoppers) || 0
  const paid = Number(fees.paid_to_couriers) || 0
  const left = Math.round((charged - paid) * 100) / 100
  return (
    <dl className="grid gap-2 sm:grid-cols-3" aria-label={t('delivery.report.fees_title')}>
      <Figure
        testId="fees-charged"
        label={t('delivery.report.fees_charged')}
        value={<Money value={charged} />}
        hint={t('delivery.report.fees_charged_hint')}
      />
      <Figure
        testId="fees-paid"
        label={t('delivery.report.fees_paid')}
        value={<Money value={paid} />}
        hint={t('delivery.report.fees_paid_hint')}
      />
      <Figure
        strong
        testId="fees-difference"
        label={left >= 0 ? t('delivery.report.fees_left') : t('delivery.report.fees_short')}
        value={<Money value={Math.abs(left)} />}
        hint={t('delivery.report.fees_difference_hint')}
      />
    </dl>
  )
}
