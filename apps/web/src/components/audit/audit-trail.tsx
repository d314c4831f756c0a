import { queryOptions, useQuery } from '@tanstack/react-query'
import { History } from 'lucide-react'
import { useState } from 'react'
import type { Paginated } from '@shop/shared/schemas/common'
import type { AuditEntry } from '@shop/shared/schemas/team'
import { api } from '../../lib/api-client.ts'
import { useAuth } from '../../lib/auth/auth-provider.tsx'
import { dashboardKeys } from '../../lib/dashboard-keys.ts'
import { Skeleton } from '../ui/skeleton.tsx'
import { AuditChanges, useAuditTexts } from './audit-format.tsx'

/** One order's or product's own trail, newest first (decision 0192). */
export const entityTrailQuery = (entity: 'order' | 'product', id: number) =>
  queryOptions({
    queryKey: dashboardKeys.audit.entity(entity, id),
    queryFn: ({ signal }) =>
      api<Paginated<AuditEntry>>('/api/audit', {
        query: { entity, entity_id: String(id), per_page: 50 },
        signal,
      }),
    staleTime: 0,
  })

/**
 * The audit trail of one order or product (who changed what, when), folded until opened: only then is it read.
 * Shown to staff who may read the trail (audit.view); the API refuses the others.
 */
export function AuditTrail({ entity, id }: { entity: 'order' | 'product'; id: number }) {
  // Decision 0230: times on the shop's clock (its public `timezone` setting), as on every other screen.
  const { t, actionLabel, actorLabel, time } = useAuditTexts()
  const { user, isStaff } = useAuth()
  const [open, setOpen] = useState(false)
  // Issue 30: /api/me names the user's permissions; a role without audit.view does not see the panel.
  const permissions = (user as { permissions?: readonly string[] } | null)?.permissions
  const allowed = isStaff && (permissions === undefined || permissions.includes('audit.view'))
  const trail = useQuery({ ...entityTrailQuery(entity, id), enabled: open && allowed })
  const rows = trail.data?.data ?? []
  if (!allowed) return null
  return (
    <details
      className="mt-6 border-t border-sand-300 pt-4"
      data-testid="audit-trail"
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
    >
      <summary className="flex cursor-pointer items-center gap-2 font-bold text-stone-900">
        <History className="size-4" aria-hidden="true" />
        {t('audit.trail_title')}
      </summary>
      <div className="mt-3">
        {!open ? null : trail.isPending ? (
          <Skeleton className="h-16" />
        ) : trail.isError ? (
          <p className="text-sm text-red-700">{t('audit.load_failed')}</p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-stone-600">{t('audit.trail_empty')}</p>
        ) : (
          <ol className="space-y-2">
            {rows.map((e) => (
              <li key={e.id} className="rounded-lg bg-sand-100 px-3 py-2 text-sm">
                <p className="font-semibold text-stone-800">{actionLabel(e)}</p>
                <p className="text-xs text-stone-600">
                  {actorLabel(e)} · {time(e.created_at)}
                </p>
                <div className="mt-1">
                  <AuditChanges entry={e} />
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>
    </details>
  )
}
