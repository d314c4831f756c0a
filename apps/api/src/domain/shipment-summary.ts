import { eq, inArray } from 'drizzle-orm'
import type { OrderShipment } from '@shop/shared/schemas/order'
import type { DbOrTx } from '../db/client.ts'
import { couriers, shipments } from '../db/schema/delivery.ts'

// Issue 42 (decision 0237): what an order's reader sees of its shipment (the shopper on tracking and my orders, staff in
// the order): who carries it, its tracking number and the courier's tracking link, and how it stands.

/** The courier's public tracking address of a parcel (null without a pattern or a number). */
export function trackingUrlOf(pattern: string | null, trackingNumber: string | null): string | null {
  if (!pattern || !trackingNumber) return null
  return pattern.replaceAll('{tracking_number}', encodeURIComponent(trackingNumber))
}

export async function shipmentSummaries(db: DbOrTx, orderIds: number[]): Promise<Map<number, OrderShipment>> {
  if (orderIds.length === 0) return new Map()
  const rows = await db
    .select({ s: shipments, c: couriers })
    .from(shipments)
    .innerJoin(couriers, eq(couriers.id, shipments.courierId))
    .where(inArray(shipments.orderId, orderIds))
  return new Map(
    rows.map(({ s, c }) => [
      s.orderId,
      {
        id: s.id,
        courier_name: c.name,
        courier_kind: c.kind,
        tracking_number: s.trackingNumber,
        tracking_url: trackingUrlOf(c.trackingUrlPattern, s.trackingNumber),
        status: s.status,
      },
    ]),
  )
}
