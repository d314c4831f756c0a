import { and, eq } from 'drizzle-orm'
import type { Language } from '@shop/shared/i18n/messages'
import type { Shipment, ShipmentOutcome } from '@shop/shared/schemas/delivery'
import type { Db } from '../../db/client.ts'
import { shipments } from '../../db/schema/delivery.ts'
import type { Actor } from '../../domain/actor.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import { courierOfLink } from './couriers.service.ts'
import { findShipment } from './shipment-view.ts'
import { lockShipment, openShipmentsOf, recordOutcome } from './shipments.service.ts'
import type { CourierRow } from './shipment-view.ts'

// Issue 42 (decision 0237): what a driver's link opens: that courier's shipments on the road, and their outcomes.
// Another courier's shipment is 404; a revoked or expired link 401; a settled shipment never changes (409).

export async function driverOf(db: Db, token: string): Promise<CourierRow> {
  const courier = await courierOfLink(db, token)
  if (!courier) throw new AppError('DRIVER_LINK_INVALID', 401)
  return courier
}

export const driverActor = (courier: CourierRow, ip: string | null): Actor => ({
  kind: 'courier',
  courierId: courier.id,
  name: courier.name,
  ip,
})

export async function driverShipments(db: Db, token: string, lang: Language) {
  const courier = await driverOf(db, token)
  return {
    courier: { id: courier.id, name: courier.name, kind: courier.kind },
    shipments: await openShipmentsOf(db, courier.id, lang),
  }
}

/**
 * PATCH /api/driver/:token/shipments/:id: an outcome from the driver's phone. The page sends an outcome recorded offline
 * when the network is back; should the answer have been lost and the same delivered / refused / returned come again,
 * it is answered as it stands, not recorded twice.
 */
export async function driverOutcome(
  db: Db,
  token: string,
  id: number,
  outcome: ShipmentOutcome,
  ip: string | null,
  lang: Language,
): Promise<Shipment> {
  const courier = await driverOf(db, token)
  await db.transaction(async (tx) => {
    const [mine] = await tx
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(eq(shipments.id, id), eq(shipments.courierId, courier.id)))
    if (!mine) throw notFound()
    const current = (await lockShipment(tx, id))!
    if (
      current.status === outcome.status &&
      outcome.status !== 'failed_attempt' &&
      current.settlementId === null
    )
      return
    await recordOutcome(tx, driverActor(courier, ip), current, outcome, lang)
  })
  return (await findShipment(db, id, lang))!
}
