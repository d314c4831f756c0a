import { useTranslation } from 'react-i18next'
import type { AuditEntry } from '@shop/shared/schemas/team'

const locale = (language: string) => (language === 'ar' ? 'ar-LY-u-nu-latn' : 'en-GB')

/** When a row was written, on the shop's clock (its `timezone` setting), with Western digits (docs/ui.md §2). */
export function auditTime(iso: string, language: string, timeZone: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  try {
    return new Intl.DateTimeFormat(locale(language), {
      timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(d)
  } catch {
    return d.toISOString().slice(0, 16).replace('T', ' ')
  }
}

/** Where a row's entity opens in the dashboard (orders and products), or null. */
export function entityHref(entry: Pick<AuditEntry, 'entity' | 'entity_id'>): string | null {
  if (!entry.entity_id || !/^\d+$/.test(entry.entity_id)) return null
  if (entry.entity === 'order') return `/dashboard/orders?order=${entry.entity_id}`
  if (entry.entity === 'product') return `/dashboard/products?product=${entry.entity_id}`
  return null
}

/** The texts of a trail row: what was done, by whom, to what (decision 0192), with fallbacks for unknown ones. */
export function useAuditTexts() {
  const { t } = useTranslation('dashboard')
  const entityLabel = (entity: string) =>
    t(`audit.entities.${entity}`, { defaultValue: entity.replace(/_/g, ' ') })
  const actionLabel = (entry: Pick<AuditEntry, 'action' | 'entity'>) => {
    const verb = entry.action.slice(entry.action.indexOf('.') + 1)
    return t(`audit.actions.${entry.action.replace('.', '_')}`, {
      defaultValue: `${entityLabel(entry.entity)}: ${t(`audit.verbs.${verb}`, { defaultValue: verb.replace(/_/g, ' ') })}`,
    })
  }
  const actorLabel = (entry: Pick<AuditEntry, 'actor'>) => {
    const { kind, name } = entry.actor
    if (kind === 'staff' || kind === 'shopper') return name ?? t(`audit.actor_kinds.${kind}`)
    if (kind === 'guest') return t('audit.actor_kinds.guest')
    return `${t(`audit.actor_kinds.${kind}`)}${name ? ` (${name})` : ''}`
  }
  const fieldLabel = (field: string) => t(`audit.fields.${field}`, { defaultValue: field.replace(/_/g, ' ') })
  const value = (v: unknown): string => {
    if (v === null || v === undefined || v === '') return '—'
    if (v === true) return t('audit.yes')
    if (v === false) return t('audit.no')
    if (typeof v === 'string' || typeof v === 'number') return String(v)
    return JSON.stringify(v)
  }
  return { t, entityLabel, actionLabel, actorLabel, fieldLabel, value }
}

/** The fields a row changed: one line each, before → after (a creation shows after, a deletion before). */
export function AuditChanges({ entry }: { entry: Pick<AuditEntry, 'before' | 'after'> }) {
  const { fieldLabel, value, t } = useAuditTexts()
  const before = entry.before ?? {}
  const after = entry.after ?? {}
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  if (fields.length === 0) return <span className="text-stone-500">{t('audit.no_changes')}</span>
  return (
    <dl className="space-y-1 text-sm" data-testid="audit-changes">
      {fields.map((f) => (
        <div key={f} className="flex flex-wrap items-baseline gap-x-1.5">
          <dt className="font-semibold text-stone-700">{fieldLabel(f)}:</dt>
          <dd className="min-w-0 break-words text-stone-800">
            {f in before ? (
              <>
                <del className="text-stone-500">{value(before[f])}</del>
                {f in after ? (
                  <span className="px-1 text-stone-400" aria-label={t('audit.became')}>
                    <span aria-hidden="true" className="rtl:hidden">
                      →
                    </span>
                    <span aria-hidden="true" className="ltr:hidden">
                      ←
                    </span>
                  </span>
                ) : null}
              </>
            ) : null}
            {f in after ? <ins className="no-underline">{value(after[f])}</ins> : null}
          </dd>
        </div>
      ))}
    </dl>
  )
}
