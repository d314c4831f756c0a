import { useTranslation } from 'react-i18next'
import type { DeliveryReport } from '@shop/shared/schemas/delivery'
import { DataTable, type DataColumn } from '../../../components/data-list/data-table.tsx'
import { Money } from '../../../components/ui/money.tsx'

type Row = DeliveryReport['outstanding'][number]

/** The cash each courier still owes, with its deliveries not settled and the age of the oldest. */
export function OutstandingTable({ rows }: { rows: Row[] }) {
  const { t } = useTranslation('dashboard')
  const columns: DataColumn<Row>[] = [
    {
      id: 'name',
      header: t('delivery.name'),
      card: 'title',
      cell: (r) => <bdi className="font-semibold text-stone-900">{r.courier_name}</bdi>,
    },
    {
      id: 'outstanding',
      header: t('delivery.account.outstanding'),
      cell: (r) => <Money value={r.outstanding} className="font-semibold text-date-700" />,
    },
    {
      id: 'open',
      header: t('delivery.report.open_count'),
      cell: (r) => <span className="ltr-nums">{r.open_count}</span>,
    },
    {
      id: 'oldest',
      header: t('delivery.report.oldest'),
      cell: (r) =>
        r.oldest_open_days === null ? (
          <span className="text-stone-500">{t('delivery.report.nothing_open')}</span>
        ) : (
          t('delivery.report.days', { count: r.oldest_open_days })
        ),
    },
  ]
  return (
    <div className="space-y-2">
      <h3 className="font-bold text-stone-900">{t('delivery.report.outstanding_title')}</h3>
      {rows.length === 0 ? (
        <p className="rounded-md bg-white p-3 text-sm text-stone-600">{t('delivery.report.no_couriers')}</p>
      ) : (
        <DataTable
          rows={rows}
          columns={columns}
          getRowId={(r) => r.courier_id}
          caption={t('delivery.report.outstanding_title')}
        />
      )}
    </div>
  )
}
