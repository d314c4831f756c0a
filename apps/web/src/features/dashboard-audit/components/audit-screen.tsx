import { useQuery } from '@tanstack/react-query'
import { ScrollText } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { AuditEntry } from '@shop/shared/schemas/team'
import { ListScreen, selectFilter } from '../../../components/data-list/data-list.tsx'
import type { DataColumn } from '../../../components/data-list/data-table.tsx'
import { useDataList, type ListFilter } from '../../../components/data-list/use-data-list.ts'
import { AuditChanges, entityHref, useAuditTexts } from '../../../components/audit/audit-format.tsx'
import { DateRangeToolbar } from '../../../components/ui/date-range-inputs.tsx'
import { Select } from '../../../components/ui/field.tsx'
import { auditListQuery, auditStaffQuery } from '../api/audit-api.ts'

/** What the trail's rows are about (the "what" filter); the API takes any entity name. */
export const AUDIT_ENTITIES = [
  'order',
  'product',
  'category',
  'city',
  'promotion',
  'setting',
  'content',
  'user',
  'staff',
  'role',
  'payment',
  'stock',
  'import',
  // Issue 42: deliveries, couriers and their cash settlements.
  'shipment',
  'courier',
  'settlement',
] as const

/** The staff list as a filter: everyone, or one person (their rows). */
function StaffFilter({ value, set, label }: { value: string; set: (v: string) => void; label: string }) {
  const { t } = useTranslation('dashboard')
  const staff = useQuery(auditStaffQuery())
  return (
    <Select
      aria-label={label}
      value={value}
      onChange={(e) => set(e.target.value)}
      className="w-auto min-w-40"
    >
      <option value="all">{t('audit.everyone')}</option>
      {(staff.data ?? []).map((u) => (
        <option key={u.id} value={String(u.id)}>
          {u.name}
        </option>
      ))}
    </Select>
  )
}

/**
 * Dashboard audit trail (decision 0192): every staff write and sensitive read, newest first, filtered by who, what
 * and when; the changed fields before and after. Read only: the app offers no edit or delete of a row.
 */
export function AuditScreen() {
  // Decision 0230: every time on the shop's clock (its public `timezone` setting), as the stock history shows it.
  const { t, entityLabel, actionLabel, actorLabel, time } = useAuditTexts()
  // A payment's row notes its order as `order 12` (decision 0192): in words here.
  const noteText = (note: string) => {
    const order = /^order (\d+)$/.exec(note)
    return order ? t('audit.order_note', { id: order[1] }) : note
  }
  const actorFilter: ListFilter = {
    initial: 'all',
    control: (value, set) => <StaffFilter value={value} set={set} label={t('audit.who')} />,
  }
  const list = useDataList({
    query: auditListQuery,
    getRowId: (e) => e.id,
    filters: {
      actor_id: actorFilter,
      entity: selectFilter(t('audit.what'), [
        { value: 'all', label: t('audit.all_entities') },
        ...AUDIT_ENTITIES.map((e) => ({ value: e, label: entityLabel(e) })),
      ]),
      from: { initial: '' },
      to: { initial: '' },
    },
  })
  const range = { from: list.filters.from, to: list.filters.to }

  const columns: DataColumn<AuditEntry>[] = [
    {
      id: 'action',
      header: t('audit.action'),
      card: 'title',
      cell: (e) => <span className="font-semibold text-stone-900">{actionLabel(e)}</span>,
    },
    {
      id: 'when',
      header: t('audit.when'),
      card: 'subtitle',
      cell: (e) => (
        <time dateTime={e.created_at} className="whitespace-nowrap">
          {time(e.created_at)}
        </time>
      ),
    },
    {
      id: 'who',
      header: t('audit.who'),
      cell: (e) => (
        <div>
          <p>{actorLabel(e)}</p>
          {e.ip ? (
            <p className="text-xs text-stone-500" dir="ltr">
              {e.ip}
            </p>
          ) : null}
        </div>
      ),
    },
    {
      id: 'entity',
      header: t('audit.entity'),
      cell: (e) => {
        const label = e.entity_id ? `${entityLabel(e.entity)} #${e.entity_id}` : entityLabel(e.entity)
        const href = entityHref(e)
        return href ? (
          <Link to={href} className="font-semibold text-palm-700 underline-offset-2 hover:underline">
            {label}
          </Link>
        ) : (
          label
        )
      },
    },
    {
      id: 'changes',
      header: t('audit.changes'),
      cell: (e) => (
        <div className="min-w-48 max-w-md">
          <AuditChanges entry={e} />
          {e.note ? <p className="mt-1 text-xs text-stone-500">{noteText(e.note)}</p> : null}
        </div>
      ),
    },
  ]

  return (
    <ListScreen
      title={t('audit.title')}
      description={t('audit.subtitle')}
      toolbar={
        <DateRangeToolbar
          value={range}
          onChange={(next) => list.setFilters(next)}
          action={
            list.isFiltered ? { label: t('audit.clear_filters'), onClick: list.clearFilters } : undefined
          }
        />
      }
      list={list}
      columns={columns}
      loadFailed={t('audit.load_failed')}
      empty={{
        title: t('audit.empty'),
        text: t('audit.empty_text'),
        icon: <ScrollText className="size-10" aria-hidden="true" />,
      }}
      noResults={{ title: t('audit.no_results'), text: t('audit.no_results_text') }}
    />
  )
}
