import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm'
import { translatedText } from '@shop/shared/i18n/content'
import type { Language } from '@shop/shared/i18n/messages'
import type { Courier, Shipment } from '@shop/shared/schemas/delivery'
import type { DbOrTx } from '../../db/client.ts'
import { couriers, shipmentEvents, shipments } from '../../db/schema/delivery.ts'
import { orders } from '../../db/schema/orders.ts'
import { trackingUrlOf } from '../../domain/shipment-summary.ts'

// Issue 42 (decision 0237): a shipment and a courier as the API answers them.

export type CourierRow = typeof couriers.$inferSelect
export type ShipmentRow = typeof shipments.$inferSelect

export function toCourier(row: CourierRow): Courier {
  const linkWorks =
    row.driverLinkHash !== null && row.driverLinkExpiresAt !== null && row.driverLinkExpiresAt > new Date()
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    phone: row.phone,
    tracking_url_pattern: row.trackingUrlPattern,
    default_fee: row.defaultFee,
    is_active: row.isActive,
    driver_link_expires_at: linkWorks ? row.driverLinkExpiresAt!.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  }
}

/** Shipments matching `where`, newest first, with their orders, couriers and histories (one query each, no N+1). */
export async function loadShipments(
  db: DbOrTx,
  where: SQL | undefined,
  lang: Language,
  page?: { limit: number; offset: number },
  order: 'newest' | 'oldest' = 'newest',
): Promise<Shipment[]> {
  let query = db
    .select({ s: shipments, o: orders, c: couriers })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(couriers, eq(couriers.id, shipments.courierId))
    .where(where)
    .orderBy(
      ...(order === 'newest'
        ? [desc(shipments.createdAt), desc(shipments.id)]
        : [asc(shipments.createdAt), asc(shipments.id)]),
    )
    .$dynamic()
  if (page) query = query.limit(page.limit).offset(page.offset)
  const rows = await query
  if (rows.length === 0) return []
  const events = await db
    .select()
    .from(shipmentEvents)
    .where(
      inArray(
        shipmentEvents.shipmentId,
        rows.map((r) => r.s.id),
      ),
    )
    .orderBy(asc(shipmentEvents.createdAt), asc(shipmentEvents.id))
  return rows.map(({ s, o, c }) => ({
    id: s.id,
    order_id: s.orderId,
    order_number: o.orderNumber,
    courier_id: c.id,
    courier_name: c.name,
    courier_kind: c.kind,
    tracking_number: s.trackingNumber,
    tracking_url: trackingUrlOf(c.trackingUrlPattern, s.trackingNumber),
    status: s.status,
    cod_amount: s.codAmount,
    collected_amount: s.collectedAmount,
    collected_mismatch:
      s.collectedAmount !== null && Math.round(s.collectedAmount * 100) !== Math.round(s.codAmount * 100),
    fee: s.fee,
    reason: s.reason,
    attempts: s.attempts,
    condition: s.returnedCondition,
    settled: s.settlementId !== null,
    settlement_id: s.settlementId,
    created_at: s.createdAt.toISOString(),
    customer: {
      name: o.customerName,
      phone: o.customerPhone,
      address: o.addressLine || o.shippingAddress,
      city_name: translatedText(o.cityName, o.translations, 'city_name', lang),
    },
    history: events
      .filter((e) => e.shipmentId === s.id)
      .map((e) => ({
        status: e.status,
        reason: e.reason,
        collected_amount: e.collectedAmount,
        condition: e.condition,
        actor: e.actorKind,
        by: e.actorName,
        created_at: e.createdAt.toISOString(),
      })),
  }))
}

export async function findShipment(db: DbOrTx, id: number, lang: Language): Promise<Shipment | null> {
  const [one] = await loadShipments(db, eq(shipments.id, id), lang)
  return one ?? null
}
