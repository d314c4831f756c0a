import { useTranslation } from 'react-i18next'
import type { AuditEntry } from '@shop/shared/schemas/team'
import { useFormatMoney, useShopTimeZone } from '../../lib/shop-settings.ts'

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

/** Fields that hold money (shown as the shop's money, decision 0122). */
const MONEY = new Set([
  'price',
  'retail_price',
  'wholesale_price',
  'retail_buying_price',
  'wholesale_buying_price',
  'delivery_price',
  'total_amount',
  'subtotal',
  'discount_total',
  'min_subtotal',
  'cod_max_total',
  'amount',
  'unit_cost',
  'total_cost',
  'profit',
  // Issue 42: a shipment's cash and a courier's fees.
  'collected_amount',
  'cod_amount',
  'fee',
  'default_fee',
])
/** Field → where its codes are worded (a value the texts do not know is shown as it is, words apart). */
const CODES: Record<string, string> = {
  reason: 'dashboard:stock.reasons',
  order_status: 'common:order_status',
  payment_status: 'common:payment_status',
  payment_method: 'common:payment_method',
  payment_methods: 'common:payment_method',
  role: 'dashboard:users.roles',
  staff_role: 'dashboard:audit.staff_roles',
  value_type: 'dashboard:audit.value_types',
  target: 'dashboard:audit.targets',
  status: 'dashboard:audit.statuses',
  state: 'dashboard:audit.statuses',
  permissions: 'dashboard:staff.permissions',
  // Issue 42: how a box came back, a courier's kind, where a settlement came from.
  condition: 'dashboard:orders.shipment.conditions',
  kind: 'dashboard:orders.shipment.kinds',
  source: 'dashboard:audit.settlement_sources',
}
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
/** `{ ar, en }`: one text in two languages (an address, a title). */
const isBilingual = (v: unknown): v is Partial<Record<'ar' | 'en', unknown>> =>
  isRecord(v) &&
  Object.keys(v).length > 0 &&
  Object.keys(v).every((k) => k === 'ar' || k === 'en') &&
  Object.values(v).every((x) => x === null || typeof x === 'string')

/**
 * The texts of a trail row (decision 0192), all in words (decision 0230): what was done, by whom, to what, and each
 * changed field and value in the reader's language: codes as their labels, ids as the names the API sent, money as
 * money, times on the shop's clock, a text in two languages in the reader's.
 */
export function useAuditTexts() {
  const { t, i18n } = useTranslation('dashboard')
  const timeZone = useShopTimeZone()
  const formatMoney = useFormatMoney()
  const lang = i18n.language === 'en' ? 'en' : 'ar'
  const words = (code: string) => code.replace(/[_.]/g, ' ')
  const entityLabel = (entity: string) => t(`audit.entities.${entity}`, { defaultValue: words(entity) })
  const actionLabel = (entry: Pick<AuditEntry, 'action' | 'entity'>) => {
    const verb = entry.action.slice(entry.action.indexOf('.') + 1)
    return t(`audit.actions.${entry.action.replace('.', '_')}`, {
      defaultValue: `${entityLabel(entry.entity)}: ${t(`audit.verbs.${verb}`, { defaultValue: words(verb) })}`,
    })
  }
  const actorLabel = (entry: Pick<AuditEntry, 'actor'>) => {
    const { kind, name } = entry.actor
    if (kind === 'staff' || kind === 'shopper') return name ?? t(`audit.actor_kinds.${kind}`)
    if (kind === 'guest') return t('audit.actor_kinds.guest')
    return `${t(`audit.actor_kinds.${kind}`)}${name ? ` (${t(`audit.jobs.${name}`, { defaultValue: words(name) })})` : ''}`
  }
  const fieldLabel = (field: string) => t(`audit.fields.${field}`, { defaultValue: words(field) })
  const time = (iso: string) => auditTime(iso, i18n.language, timeZone)
  // A day (a filter's from / to) is a calendar day already: written as one, whatever the clock.
  const day = (iso: string) => {
    try {
      return new Intl.DateTimeFormat(locale(i18n.language), { timeZone: 'UTC', dateStyle: 'medium' }).format(
        new Date(`${iso}T00:00:00Z`),
      )
    } catch {
      return iso
    }
  }
  const list = (items: string[]) => items.join(lang === 'ar' ? '، ' : ', ')

  /** One value of `field`, in words; `names` are the API's names of the ids (`field:id`). */
  const value = (v: unknown, field = '', names: Record<string, string> = {}): string => {
    if (v === null || v === undefined || v === '') return '—'
    if (v === true) return t('audit.yes')
    if (v === false) return t('audit.no')
    if (field.endsWith('_id') && (typeof v === 'number' || typeof v === 'string'))
      return names[`${field}:${v}`] ?? t('audit.record_number', { id: v })
    if (MONEY.has(field) && (typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v))))
      return formatMoney(v)
    if (typeof v === 'string' && ISO_TIME.test(v)) return time(v)
    if (typeof v === 'string' && ISO_DAY.test(v)) return day(v)
    if (typeof v === 'string' && CODES[field]) {
      const [ns, key] = CODES[field].split(':') as [string, string]
      return t(`${key}.${v}`, { ns, defaultValue: words(v) })
    }
    if (typeof v === 'string' || typeof v === 'number') return String(v)
    if (isBilingual(v)) return String(v[lang] || v[lang === 'ar' ? 'en' : 'ar'] || '—')
    if (Array.isArray(v)) {
      if (v.length === 0) return t('audit.none')
      // `category_ids` → each named as a `category_id` would be.
      const one = field.endsWith('_ids') ? field.slice(0, -1) : field
      return list(v.map((x) => value(x, one, names)))
    }
    return list(flatten(field, v, names).map(([label, text]) => `${label}: ${text}`))
  }

  /**
   * A field as lines of words: a plain value is one line; `translations` a line per language and text ("Name
   * (English)"); an object a line per field; a list of objects (a product's sizes) a line per item's field.
   */
  const flatten = (field: string, v: unknown, names: Record<string, string>): [string, string][] => {
    if (field === 'translations' && isRecord(v))
      return Object.entries(v).flatMap(([code, texts]) =>
        isRecord(texts)
          ? Object.entries(texts).map(([k, x]): [string, string] => [
              `${fieldLabel(k)} (${t(`audit.languages.${code}`, { defaultValue: code })})`,
              value(x, k, names),
            ])
          : [],
      )
    if (isRecord(v) && !isBilingual(v))
      return Object.entries(v).flatMap(([k, x]) =>
        flatten(k, x, names).map(([label, text]): [string, string] => [
          `${fieldLabel(field)} › ${label}`,
          text,
        ]),
      )
    if (Array.isArray(v) && v.some(isRecord))
      return v.flatMap((item, i) => {
        const name = isRecord(item) ? value(item.label ?? item.name ?? null, 'label', names) : String(i + 1)
        const head = `${fieldLabel(field)} ${name === '—' ? i + 1 : name}`
        return isRecord(item)
          ? Object.entries(item)
              .filter(([k]) => k !== 'id')
              .flatMap(([k, x]) =>
                flatten(k, x, names).map(([label, text]): [string, string] => [`${head} › ${label}`, text]),
              )
          : [[head, value(item, field, names)]]
      })
    return [[fieldLabel(field), value(v, field, names)]]
  }
  return { t, entityLabel, actionLabel, actorLabel, fieldLabel, value, flatten, time, timeZone }
}

/** The fields a row changed: one line each, before → after (a creation shows after, a deletion before). */
export function AuditChanges({ entry }: { entry: Pick<AuditEntry, 'before' | 'after' | 'names'> }) {
  const { flatten, t } = useAuditTexts()
  const names = entry.names ?? {}
  const lines = (fields: Record<string, unknown> | null) =>
    new Map(Object.entries(fields ?? {}).flatMap(([f, v]) => flatten(f, v, names)))
  const before = lines(entry.before)
  const after = lines(entry.after)
  const labels = [...new Set([...before.keys(), ...after.keys()])].filter(
    (l) => before.get(l) !== after.get(l),
  )
  if (labels.length === 0) return <span className="text-stone-500">{t('audit.no_changes')}</span>
  return (
    <dl className="space-y-1 text-sm" data-testid="audit-changes">
      {labels.map((label) => (
        <div key={label} className="flex flex-wrap items-baseline gap-x-1.5">
          <dt className="font-semibold text-stone-700">{label}:</dt>
          <dd className="min-w-0 break-words text-stone-800">
            {before.has(label) ? (
              <>
                <del className="text-stone-500">{before.get(label)}</del>
                {after.has(label) ? (
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
            {after.has(label) ? <ins className="no-underline">{after.get(label)}</ins> : null}
          </dd>
        </div>
      ))}
    </dl>
  )
}
