import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Language } from '@shop/shared/i18n/messages'
import type { Courier, CourierBalance, CourierInput, CourierUpdate } from '@shop/shared/schemas/delivery'
import { rowsOf, type Db } from '../../db/client.ts'
import { couriers, shipments } from '../../db/schema/delivery.ts'
import type { Actor } from '../../domain/actor.ts'
import { recordAudit } from '../../domain/audit.ts'
import { notFound } from '../../lib/app-error.ts'
import { hashToken, newToken } from '../../lib/tokens.ts'
import { loadShipments, toCourier, type CourierRow } from './shipment-view.ts'

// Issue 42 (decision 0237): the shop's own drivers and the courier companies it hands boxes to; a driver's link to
// their phone page; what each still owes.

/** How long a driver's link works (a new one, or revoking, ends it sooner). */
export const DRIVER_LINK_DAYS = 30

const courierRow = async (db: Db, id: number): Promise<CourierRow> => {
  const [row] = await db.select().from(couriers).where(eq(couriers.id, id))
  if (!row) throw notFound()
  return row
}

export async function listCouriers(db: Db): Promise<{ data: Courier[] }> {
  const rows = await db
    .select()
    .from(couriers)
    .orderBy(asc(couriers.isActive), asc(couriers.name), asc(couriers.id))
  // Active first.
  return { data: rows.sort((a, b) => Number(b.isActive) - Number(a.isActive)).map(toCourier) }
}

export const getCourier = async (db: Db, id: number) => toCourier(await courierRow(db, id))

const fields = (row: CourierRow) => ({
  kind: row.kind,
  name: row.name,
  phone: row.phone,
  tracking_url_pattern: row.trackingUrlPattern,
  default_fee: row.defaultFee,
  is_active: row.isActive,
})

export async function createCourier(db: Db, actor: Actor, input: CourierInput): Promise<Courier> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(couriers)
      .values({
        kind: input.kind,
        name: input.name,
        phone: input.phone,
        trackingUrlPattern: input.kind === 'company' ? (input.tracking_url_pattern ?? null) : null,
        // Own drivers carry no fee (decision 0237).
        defaultFee: input.kind === 'company' ? (input.default_fee ?? 0) : 0,
      })
      .returning()
    await recordAudit(tx, actor, {
      action: 'courier.created',
      entity: 'courier',
      entityId: row!.id,
      before: null,
      after: fields(row!),
    })
    return toCourier(row!)
  })
}

/** PATCH /api/couriers/:id: name, phone, pattern, fee, active. A courier is never erased (its shipments keep it). */
export async function updateCourier(
  db: Db,
  actor: Actor,
  id: number,
  input: CourierUpdate,
): Promise<Courier> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(couriers).where(eq(couriers.id, id)).for('update')
    if (!before) throw notFound()
    const company = before.kind === 'company'
    const [row] = await tx
      .update(couriers)
      .set({
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.phone === undefined ? {} : { phone: input.phone }),
        ...(input.tracking_url_pattern === undefined || !company
          ? {}
          : { trackingUrlPattern: input.tracking_url_pattern }),
        ...(input.default_fee === undefined || !company ? {} : { defaultFee: input.default_fee }),
        ...(input.is_active === undefined ? {} : { isActive: input.is_active }),
        // A courier switched off can no longer use its driver link.
        ...(input.is_active === false ? { driverLinkHash: null, driverLinkExpiresAt: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(couriers.id, id))
      .returning()
    await recordAudit(tx, actor, {
      action: 'courier.updated',
      entity: 'courier',
      entityId: id,
      before: fields(before),
      after: fields(row!),
    })
    return toCourier(row!)
  })
}

/**
 * POST /api/couriers/:id/driver-link: a new link to the driver's phone page (the old one stops working). Only the
 * token's hash is kept; the link is shown this once.
 */
export async function createDriverLink(
  db: Db,
  actor: Actor,
  id: number,
  appUrl: string,
): Promise<{ url: string; expires_at: string }> {
  const token = newToken()
  const expiresAt = new Date(Date.now() + DRIVER_LINK_DAYS * 86_400_000)
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(couriers)
      .set({ driverLinkHash: hashToken(token), driverLinkExpiresAt: expiresAt, updatedAt: new Date() })
      .where(eq(couriers.id, id))
      .returning({ id: couriers.id })
    if (!row) throw notFound()
    await recordAudit(tx, actor, {
      action: 'courier.driver_link_created',
      entity: 'courier',
      entityId: id,
      before: null,
      after: { expires_at: expiresAt.toISOString() },
    })
  })
  return { url: `${appUrl}/driver/${token}`, expires_at: expiresAt.toISOString() }
}

export async function revokeDriverLink(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(couriers)
      .set({ driverLinkHash: null, driverLinkExpiresAt: null, updatedAt: new Date() })
      .where(eq(couriers.id, id))
      .returning({ id: couriers.id })
    if (!row) throw notFound()
    await recordAudit(tx, actor, {
      action: 'courier.driver_link_revoked',
      entity: 'courier',
      entityId: id,
      before: null,
      after: null,
    })
  })
}

/** The courier of a driver link that works now (active, not revoked, not expired), or null. */
export async function courierOfLink(db: Db, token: string): Promise<CourierRow | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null
  const [row] = await db
    .select()
    .from(couriers)
    .where(eq(couriers.driverLinkHash, hashToken(token)))
  if (!row || !row.isActive || !row.driverLinkExpiresAt || row.driverLinkExpiresAt <= new Date()) return null
  return row
}

/**
 * GET /api/couriers/:id/balance: what the courier collected at doors (delivered shipments), the fees it keeps (every
 * parcel it carried: delivered, refused, returned), what it settled, and `outstanding = collected − fees − settled`.
 */
export async function courierBalance(db: Db, id: number, lang: Language): Promise<CourierBalance> {
  await courierRow(db, id)
  // `settled` is what the courier paid: Σ (collected − fee) of its settled shipments. A refused parcel's fee is never in
  // a settlement line, so once every delivery is settled the outstanding is what the shop owes for refusals (< 0).
  const [sums] = rowsOf<{ collected: unknown; fees: unknown; settled: unknown; oldest: unknown }>(
    await db.execute(sql`
      select
        coalesce(sum(coalesce(collected_amount, cod_amount)) filter (where status = 'delivered'), 0) as collected,
        coalesce(sum(fee) filter (where status in ('delivered', 'refused', 'returned')), 0) as fees,
        coalesce(sum(coalesce(collected_amount, cod_amount) - fee) filter (where settlement_id is not null), 0) as settled,
        floor(extract(epoch from now() - min(delivered_at) filter (where status = 'delivered' and settlement_id is null)) / 86400) as oldest
      from shipments where courier_id = ${id}`),
  )
  const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100)
  const collected = cents(sums?.collected)
  const fees = cents(sums?.fees)
  const settled = cents(sums?.settled)
  const open = await loadShipments(
    db,
    and(eq(shipments.courierId, id), eq(shipments.status, 'delivered'), isNull(shipments.settlementId)),
    lang,
    undefined,
    'oldest',
  )
  return {
    courier_id: id,
    collected: collected / 100,
    fees: fees / 100,
    settled: settled / 100,
    outstanding: (collected - fees - settled) / 100,
    open,
    oldest_open_days: sums?.oldest === null || sums?.oldest === undefined ? null : Number(sums.oldest),
  }
}
