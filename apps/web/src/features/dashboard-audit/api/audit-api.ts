import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Paginated } from '@shop/shared/schemas/common'
import type { AuditEntry } from '@shop/shared/schemas/team'
import type { UserSummary } from '@shop/shared/schemas/user'
import type { ListParams } from '../../../components/data-list/use-data-list.ts'
import { api } from '../../../lib/api-client.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

/** The audit screen's filters (decision 0192); each is a query parameter of GET /api/audit ('' or 'all': none). */
export interface AuditFilters {
  actor_id: string
  entity: string
  from: string
  to: string
}

const given = (v: string) => (v === '' || v === 'all' ? undefined : v)

export const auditListQuery = (p: ListParams<AuditFilters>) =>
  queryOptions({
    queryKey: dashboardKeys.audit.list(p),
    queryFn: ({ signal }) =>
      api<Paginated<AuditEntry>>('/api/audit', {
        query: {
          actor_id: given(p.actor_id),
          entity: given(p.entity),
          from: given(p.from),
          to: given(p.to),
          page: p.page,
          per_page: p.per_page,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

/**
 * The staff who may appear in the trail (the "who" filter): admins and super admins, each once (the "admin" filter
 * also finds super admins, so the owner came back in both lists).
 */
export const auditStaffQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.audit.staff(),
    queryFn: async ({ signal }) => {
      const pages = await Promise.all(
        (['super_admin', 'admin'] as const).map((role) =>
          api<Paginated<UserSummary>>('/api/users', { query: { role, per_page: 100 }, signal }),
        ),
      )
      const people = new Map(pages.flatMap((p) => p.data).map((u) => [u.id, u]))
      return [...people.values()].sort((a, b) => a.name.localeCompare(b.name))
    },
    staleTime: 60_000,
  })
