import { useTranslation } from 'react-i18next'
import type { CourierBalance } from '@shop/shared/schemas/delivery'
import { Money } from '../../../components/ui/money.tsx'
import { Figure } from './figure.tsx'

/** A courier's account (issue 42): what it collected, the fees it keeps, what it settled, and what it still owes. */
export function BalanceFigures({ balance }: { balance: CourierBalance }) {
  const { t } = useTranslation('dashboard')
  const owes = balance.outstanding >= 0
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        <Figure label={t('delivery.account.collected')} value={<Money value={balance.collected} />} />
        <Figure label={t('delivery.account.fees')} value={<Money value={balance.fees} />} />
        <Figure label={t('delivery.account.settled')} value={<Money value={balance.settled} />} />
        <Figure
          strong
          testId="courier-outstanding"
          label={owes ? t('delivery.account.outstanding') : t('delivery.account.shop_owes')}
          value={<Money value={Math.abs(balance.outstanding)} className="text-date-800" />}
        />
      </dl>
      <p className="text-xs text-stone-600">{t('delivery.account.formula')}</p>
      <p className="text-sm font-semibold text-stone-800" data-testid="courier-oldest-open">
        {balance.oldest_open_days === null
          ? t('delivery.account.nothing_open')
          : t('delivery.account.oldest_open', { count: balance.oldest_open_days })}
      </p>
    </div>
  )
}
