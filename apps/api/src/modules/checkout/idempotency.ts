import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { CreateOrderInput } from '@shop/shared/schemas/order'
import type { DbOrTx } from '../../db/client.ts'
import { idempotencyKeys } from '../../db/schema/orders.ts'
import { AppError } from '../../lib/app-error.ts'
import { mergeItems } from './cart-pricing.ts'

/**
 * SHA-256 of the validated body in a fixed shape (keys in a fixed order, lines merged and sorted) and of the
 * buyer, so a retry of the same cart matches and a key reused by someone else does not return their order.
 */
export function requestHash(input: CreateOrderInput, userId: number | null): string {
  const canonical = [
    userId,
    // Decision 0214: a payload with `customer` hashes its parts; one without hashes as before.
    ...(input.customer ? [input.customer] : []),
    input.customer_name,
    input.customer_email,
    input.customer_phone,
    input.shipping_address,
    input.city_id,
    input.payment_method,
    input.notes,
    // A line without a pack hashes as before packs existed (decision 0150).
    mergeItems(input.items).map((i) =>
      i.variant_id === undefined ? [i.product_id, i.quantity] : [i.product_id, i.quantity, i.variant_id],
    ),
    input.expected_total ?? null,
    // Issue 41: a shopper who declined WhatsApp sent another body; the default hashes as before it existed.
    ...(input.whatsapp_opt_in === false ? [{ whatsapp_opt_in: false }] : []),
  ]
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex')
}

/**
 * A committed order for this key: its id (same body) or 422 IDEMPOTENCY_MISMATCH (other body).
 * null when the key is unknown, or not yet tied to an order.
 */
export async function storedOrderId(db: DbOrTx, key: string, hash: string): Promise<number | null> {
  const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).limit(1)
  if (!row) return null
  if (row.requestHash !== hash) throw new AppError('IDEMPOTENCY_MISMATCH', 422)
  return row.orderId
}
