import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db, DbOrTx } from '../db/client.ts'
import { shopSecrets } from '../db/schema/settings.ts'

// Decision 0068: the tracking link of a mail opens the order without its phone: `/track?order=<number>&token=<hmac>`,
// the token an HMAC of the order number with a key the shop makes on first use and keeps in the database, so every API
// process (and a restored backup) signs and checks alike. The link does not expire: it shows what the mail showed, and
// cancelling only works while the order is pending.

const SECRET = 'tracking_link'
const secrets = new WeakMap<object, Promise<Buffer>>()

async function loadSecret(db: DbOrTx): Promise<Buffer> {
  const read = async () =>
    (
      await db
        .select({ value: shopSecrets.value })
        .from(shopSecrets)
        .where(eq(shopSecrets.name, SECRET))
        .limit(1)
    )[0]?.value
  let value = await read()
  if (value === undefined) {
    await db
      .insert(shopSecrets)
      .values({ name: SECRET, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing()
    value = (await read())!
  }
  return Buffer.from(value, 'base64url')
}

/**
 * The signing key. `query` is the transaction the caller is in (PGlite has one connection: a query outside an open
 * transaction would wait for it). Only a key read outside a transaction is kept for the process: one made inside a
 * transaction that then rolls back never existed.
 */
export function trackingSecret(db: Db, query: DbOrTx = db): Promise<Buffer> {
  const cached = secrets.get(db)
  if (cached) return cached
  const secret = loadSecret(query)
  if (query === db) {
    secrets.set(db, secret)
    secret.catch(() => secrets.delete(db))
  }
  return secret
}

/**
 * Decision 0105: an order's key (`orders.tracking_key`) is signed in, so a new key ends the links mailed before it.
 * Orders from before the keys (null) keep the first form, so their mailed links still open.
 */
export function trackingToken(secret: Buffer, orderNumber: string, orderKey: string | null): string {
  const signed = orderKey === null ? `track:v1:${orderNumber}` : `track:v2:${orderNumber}:${orderKey}`
  return createHmac('sha256', secret).update(signed).digest('base64url')
}

export function isTrackingToken(
  secret: Buffer,
  orderNumber: string,
  orderKey: string | null,
  token: string,
): boolean {
  const expected = Buffer.from(trackingToken(secret, orderNumber, orderKey))
  const given = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Decision 0104: `lang` makes the page open in the order's language (and remembers it, web-plugin.ts). */
export function trackingUrl(appUrl: string, orderNumber: string, token: string, lang?: 'ar' | 'en'): string {
  return `${appUrl}/track?order=${encodeURIComponent(orderNumber)}&token=${token}${lang ? `&lang=${lang}` : ''}`
}
