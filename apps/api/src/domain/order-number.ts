import { sql } from 'drizzle-orm'
import { rowsOf, type DbOrTx } from '../db/client.ts'

/** A readable, unique order number: ORD-YYMMDD-<id>, e.g. ORD-261122-00042 (unique because the id is). */
export function formatOrderNumber(id: number, at: Date): string {
  const y = String(at.getUTCFullYear() % 100).padStart(2, '0')
  const m = String(at.getUTCMonth() + 1).padStart(2, '0')
  const d = String(at.getUTCDate()).padStart(2, '0')
  return `ORD-${y}${m}${d}-${String(id).padStart(5, '0')}`
}

/**
 * The next order's id and number (decision 0001): the id is taken from the sequence before the insert, so the number
 * is written once, in the same insert. Every writer of orders (checkout, the demo seed) takes both from here.
 */
export async function newOrderNumber(db: DbOrTx, at: Date): Promise<{ id: number; orderNumber: string }> {
  const [row] = rowsOf<{ id: number | string }>(
    await db.execute(sql`select nextval(pg_get_serial_sequence('orders', 'id')) as id`),
  )
  const id = Number(row!.id)
  return { id, orderNumber: formatOrderNumber(id, at) }
}
