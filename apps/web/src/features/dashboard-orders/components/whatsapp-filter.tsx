import type { TFunction } from 'i18next'
import type { OrderListQuery } from '@shop/shared/schemas/order'
import type { ListFilter } from '../../../components/data-list/use-data-list.ts'
import { Select } from '../../../components/ui/field.tsx'

type WhatsAppFilterValue = NonNullable<OrderListQuery['whatsapp']>
/** Issue 41: the orders list's WhatsApp filter, as GET /api/orders takes it (`whatsapp=`); "all" sends nothing. */
const VALUES = ['confirmed', 'waiting', 'failed', 'call'] as const satisfies readonly WhatsAppFilterValue[]

/** Beside the status filter: confirmed on WhatsApp, waiting for an answer, a message failed, call them. */
export function whatsappFilter(t: TFunction): ListFilter {
  return {
    initial: 'all',
    control: (value, set) => (
      <Select
        aria-label={t('orders.whatsapp_filter.label')}
        data-testid="whatsapp-filter"
        value={value}
        onChange={(e) => set(e.target.value)}
        className="w-auto min-w-40"
      >
        <option value="all">{t('orders.whatsapp_filter.all')}</option>
        {VALUES.map((v) => (
          <option key={v} value={v}>
            {t(`orders.whatsapp_filter.${v}`)}
          </option>
        ))}
      </Select>
    ),
  }
}
