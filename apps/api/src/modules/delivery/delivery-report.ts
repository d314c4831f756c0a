import { sql } from 'drizzle-orm'
import type { DeliveryReport } from '@shop/shared/schemas/delivery'
import { rowsOf, type Db } from '../../db/client.ts'

// Issue 42 (decision 0237): the delivery figures an owner asks for: the cash each courier still owes and for how long,
// how often boxes are refused (by city, by courier), and the delivery fees shoppers paid against the couriers' fees.

const num = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100
const rate = (refused: number, delivered: number) =>
  refused + delivered === 0 ? 0 : Math.round((refused / (refused + delivered)) * 1000) / 1000

export async function deliveryReport(db: Db): Promise<DeliveryReport> {
  const outstanding = rowsOf<{
    id: number
    name: string
    outstanding: unknown
    open: unknown
    oldest: unknown
  }>(
    await db.execute(sql`
      select c.id, c.name,
        coalesce(sum(coalesce(s.collected_amount, s.cod_amount)) filter (where s.status = 'delivered'), 0)
          - coalesce(sum(s.fee) filter (where s.status in ('delivered', 'refused', 'returned')), 0)
          - coalesce(sum(coalesce(s.collected_amount, s.cod_amount) - s.fee) filter (where s.settlement_id is not null), 0)
          as outstanding,
        count(*) filter (where s.status = 'delivered' and s.settlement_id is null) as open,
        floor(extract(epoch from now() - min(s.delivered_at) filter (where s.status = 'delivered' and s.settlement_id is null)) / 86400) as oldest
      from couriers c left join shipments s on s.courier_id = c.id
      group by c.id, c.name
      order by c.name, c.id`),
  )
  // A box counts once it reached a door: delivered, or refused there (a refused box stays counted once it is back).
  const byCourier = rowsOf<{ id: number; name: string; delivered: unknown; refused: unknown }>(
    await db.execute(sql`
      select c.id, c.name,
        count(*) filter (where s.status = 'delivered') as delivered,
        count(*) filter (where exists (select 1 from shipment_events e where e.shipment_id = s.id and e.status = 'refused')) as refused
      from couriers c join shipments s on s.courier_id = c.id
      group by c.id, c.name order by c.name, c.id`),
  )
  const byCity = rowsOf<{ city: string | null; delivered: unknown; refused: unknown }>(
    await db.execute(sql`
      select o.city_name as city,
        count(*) filter (where s.status = 'delivered') as delivered,
        count(*) filter (where exists (select 1 from shipment_events e where e.shipment_id = s.id and e.status = 'refused')) as refused
      from shipments s join orders o on o.id = s.order_id
      group by o.city_name order by o.city_name`),
  )
  const [fees] = rowsOf<{ charged: unknown; paid: unknown }>(
    await db.execute(sql`
      select coalesce(sum(o.delivery_price), 0) as charged, coalesce(sum(s.fee), 0) as paid
      from shipments s join orders o on o.id = s.order_id`),
  )
  return {
    outstanding: outstanding.map((r) => ({
      courier_id: Number(r.id),
      courier_name: r.name,
      outstanding: num(r.outstanding),
      open_count: Number(r.open ?? 0),
      oldest_open_days: r.oldest === null || r.oldest === undefined ? null : Number(r.oldest),
    })),
    refusals_by_city: byCity.map((r) => ({
      city_name: r.city,
      delivered: Number(r.delivered),
      refused: Number(r.refused),
      rate: rate(Number(r.refused), Number(r.delivered)),
    })),
    refusals_by_courier: byCourier.map((r) => ({
      courier_id: Number(r.id),
      courier_name: r.name,
      delivered: Number(r.delivered),
      refused: Number(r.refused),
      rate: rate(Number(r.refused), Number(r.delivered)),
    })),
    fees: { charged_to_shoppers: num(fees?.charged), paid_to_couriers: num(fees?.paid) },
  }
}
