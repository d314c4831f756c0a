import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { ErrorState } from '../../../components/ui/states.tsx'
import { deliveryReportQuery } from '../api/delivery-report-api.ts'
import { FeesCompared } from './fees-compared.tsx'
import { OutstandingTable } from './outstanding-table.tsx'
import { RefusalsTable } from './refusals-table.tsx'

/**
 * The delivery report (issue 42, stats.view): the cash each courier still owes and for how long, how often boxes are
 * refused by city and by courier, and the delivery fees shoppers paid against the couriers' fees.
 */
export function DeliveryReportSection() {
  const { t } = useTranslation('dashboard')
  const report = useQuery(deliveryReportQuery())
  let body
  if (report.isPending)
    body = (
      <div className="grid gap-4 lg:grid-cols-2" aria-busy="true">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    )
  else if (report.isError)
    body = (
      <ErrorState
        title={t('delivery.report.load_failed')}
        message={report.error.message}
        onRetry={() => void report.refetch()}
      />
    )
  else
    body = (
      <div className="space-y-6">
        <FeesCompared fees={report.data.fees} />
        <OutstandingTable rows={report.data.outstanding} />
        <div className="grid gap-6 lg:grid-cols-2">
          <RefusalsTable
            title={t('delivery.report.refusals_by_city')}
            nameHeader={t('delivery.report.city')}
            rows={report.data.refusals_by_city.map((r, i) => ({
              ...r,
              id: i + 1,
              name: r.city_name ?? t('delivery.report.no_city'),
            }))}
          />
          <RefusalsTable
            title={t('delivery.report.refusals_by_courier')}
            nameHeader={t('delivery.name')}
            rows={report.data.refusals_by_courier.map((r) => ({
              ...r,
              id: r.courier_id,
              name: r.courier_name,
            }))}
          />
        </div>
      </div>
    )
  return (
    <section aria-labelledby="delivery-report" className="mt-10 space-y-4" data-testid="delivery-report">
      <div>
        <h2 id="delivery-report" className="text-xl font-bold text-stone-900">
          {t('delivery.report.title')}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{t('delivery.report.description')}</p>
      </div>
      {body}
    </section>
  )
}
