import { useTranslation } from 'react-i18next'
import { Badge, type BadgeTone } from './badge.tsx'

/** product.md §4.3: completed green, processing blue, cancelled red, anything else amber; shipped/delivered too. */
export function orderStatusTone(status: string): BadgeTone {
  if (status === 'completed' || status === 'delivered') return 'green'
  if (status === 'processing' || status === 'shipped') return 'blue'
  if (status === 'cancelled') return 'red'
  return 'amber'
}

export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation()
  return <Badge tone={orderStatusTone(status)}>{t(`order_status.${status}`, { defaultValue: status })}</Badge>
}
