import { ShieldAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { useCan } from '../../../lib/auth/permissions.ts'
import { CourierList } from './courier-list.tsx'
import { DeliveryReportSection } from './delivery-report-section.tsx'

/**
 * Dashboard couriers (issue 42, decision 0237): own drivers and courier companies, their driver links, the cash each
 * still owes and its recording, the day's delivery sheet, and the delivery report. The list and the accounts are the
 * API's delivery.manage; a role with settlements.manage but not delivery.manage (the accountant) sees the list and the
 * cash accounts only.
 */
export function CouriersScreen() {
  const { t } = useTranslation('dashboard')
  const can = useCan()
  const report = can('stats.view') ? <DeliveryReportSection /> : null
  // The accountant (settlements.manage) reads the couriers and their accounts to record their cash.
  if (can('delivery.manage') || can('settlements.manage')) return <CourierList>{report}</CourierList>
  return (
    <div>
      <PageHeader title={t('delivery.title')} description={t('delivery.description')} />
      <p
        role="note"
        className="mb-6 flex items-start gap-2 rounded-[var(--radius-card)] border border-honey-300 bg-honey-50 p-4 text-sm text-stone-800"
      >
        <ShieldAlert className="mt-0.5 size-5 shrink-0 text-honey-700" aria-hidden="true" />
        {t('delivery.list_needs_permission')}
      </p>
      {report}
    </div>
  )
}
