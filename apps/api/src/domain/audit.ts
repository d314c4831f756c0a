import type { DbOrTx } from '../db/client.ts'
import { auditLog } from '../db/schema/team.ts'
import { actorColumns, actorIp, type Actor } from './actor.ts'

/** Field names whose values never reach the trail (decision 0192): passwords, tokens, keys, secrets. */
const SECRET = /pass(word)?|secret|token|hash|api_?key|private|credential/i
/** Whether a field or setting named so holds a secret (its value is written as `[hidden]`). */
export const isSecretName = (name: string) => SECRET.test(name)
export const HIDDEN = '[hidden]'

export interface AuditInput {
  /** `product.updated`, `order.status_changed`, `orders.exported`… */
  action: string
  /** order, product, category, city, promotion, setting, content, user, staff, role, payment, stock, import… */
  entity: string
  entityId?: string | number | null
  /** The entity's fields before the change (null for a creation or a read). */
  before?: Record<string, unknown> | null
  /** The entity's fields after it (null for a deletion or a read). */
  after?: Record<string, unknown> | null
  note?: string | null
}

const clean = (fields: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, SECRET.test(k) ? HIDDEN : v instanceof Date ? v.toISOString() : v]),
  )

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Only the fields that changed, before and after (a field present on one side only is kept). Both null when nothing
 * changed: the row still says the action was taken.
 */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (!before || !after) return { before: before ? clean(before) : null, after: after ? clean(after) : null }
  const b = clean(before)
  const a = clean(after)
  const keys = new Set([...Object.keys(b), ...Object.keys(a)])
  const outBefore: Record<string, unknown> = {}
  const outAfter: Record<string, unknown> = {}
  for (const key of keys) {
    if (same(b[key], a[key])) continue
    if (key in b) outBefore[key] = b[key]
    if (key in a) outAfter[key] = a[key]
  }
  return { before: outBefore, after: outAfter }
}

/** Counts the audit rows a request's actor wrote (the test build refuses a staff write that wrote none). */
const written = new WeakMap<Actor, number>()
export const auditRowsOf = (actor: Actor) => written.get(actor) ?? 0

/**
 * Appends one row to the audit trail, in the caller's transaction so the row exists exactly when the change does.
 */
export async function recordAudit(db: DbOrTx, actor: Actor, input: AuditInput): Promise<void> {
  const { before, after } = changedFields(input.before, input.after)
  await db.insert(auditLog).values({
    ...actorColumns(actor),
    ip: actorIp(actor),
    action: input.action,
    entity: input.entity,
    entityId: input.entityId === undefined || input.entityId === null ? null : String(input.entityId),
    before,
    after,
    note: input.note ?? null,
  })
  written.set(actor, auditRowsOf(actor) + 1)
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/**
 * A database row as the trail shows it: snake_case names (as the API's), without the bookkeeping timestamps
 * (`created_at`, `updated_at`) nor the fields named in `omit`.
 */
export function auditFields(
  row: object | null | undefined,
  omit: readonly string[] = [],
): Record<string, unknown> | null {
  if (!row) return null
  const skip = new Set(['createdAt', 'updatedAt', ...omit])
  return Object.fromEntries(
    Object.entries(row)
      .filter(([k]) => !skip.has(k))
      .map(([k, v]) => [snake(k), v]),
  )
}
