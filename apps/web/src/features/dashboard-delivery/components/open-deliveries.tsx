import type { RowSelectionState } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import type { Shipment } from '@shop/shared/schemas/delivery'
import { DataTable, type DataColumn } from '../../../components/data-list/data-table.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { collectedOf } from '../api/balance-api.ts'

/**
 * The courier's deliveries not settled yet, oldest first: order number, customer, what was collected, the fee. With
 * `selection`, each has a box to tick (an own driver's hand-over).
 */
export function OpenDeliveries({
  open,
  selection,
}: {
  open: Shipment[]
  selection?: { state: RowSelectionState; onChange(next: RowSelectionState): void }
}) {
  const { t } = useTranslation('dashboard')
  if (open.length === 0)
    return (
      <p className="rounded-md bg-sand-100 p-3 text-sm text-stone-700">{t('delivery.account.none_open')}</p>
    )
  const columns: DataColumn<Shipment>[] = [
    {
      id: 'order',
      header: t('delivery.account.order'),
      card: 'title',
      cell: (s) => <span className="ltr-nums font-semibold text-stone-900">{s.order_number}</span>,
    },
    {
      id: 'customer',
      header: t('delivery.account.customer'),
      card: 'subtitle',
      cell: (s) => <bdi>{s.customer.name}</bdi>,
    },
    {
      id: 'collected',
      header: t('delivery.account.collected'),
      cell: (s) => <Money value={collectedOf(s)} />,
    },
    { id: 'fee', header: t('delivery.account.fee'), cell: (s) => <Money value={s.fee} /> },
  ]
  return (
    <DataTable
      rows={open}
      columns={columns}
      getRowId={(s) => s.id}
      caption={t('delivery.account.open_title')}
      selection={
        selection && {
          ...selection,
          rowLabel: (s) => t('delivery.handover.tick', { number: s.order_number }),
          allLabel: t('delivery.handover.tick_all'),
        }
      }
    />
  )
}
