import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client.ts'
import { productVariants } from '../../db/schema/catalog.ts'
import { orders } from '../../db/schema/orders.ts'
import { auditLog } from '../../db/schema/team.ts'
import {
  createCity,
  createProduct,
  createStaff,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'
import { multipartForm } from '../../../test/multipart.ts'
import { placeTestOrder } from '../../../test/orders.ts'

// Issue 42 (decision 0237): couriers, shipments, outcomes at the door, the driver's link and cash settlements, on the
// suite's database (PGlite, and PostgreSQL in the api-postgres run).

let ctx: TestContext
let owner: TestUser
let clerk: TestUser
let accountant: TestUser
let cityId: number

beforeAll(async () => {
  ctx = await createTestApp()
  owner = await createStaff(ctx.app, 'owner')
  clerk = await createStaff(ctx.app, 'order_clerk')
  accountant = await createStaff(ctx.app, 'accountant')
  cityId = (await createCity(ctx.app, { deliveryPrice: 10 })).id
})
afterAll(() => ctx?.close())

const call = async <T = Record<string, unknown>>(
  who: TestUser | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: unknown,
) => {
  const res = await ctx.app.inject({ method, url, headers: who?.headers, payload: payload as object })
  return { status: res.statusCode, body: (res.body ? res.json() : null) as T, raw: res }
}

async function confirmedOrder(productId: number, quantity = 2) {
  const order = await placeTestOrder(ctx.app, { cityId, items: [{ product_id: productId, quantity }] })
  expect((await call(clerk, 'POST', `/api/orders/${order.id}/confirm`)).status).toBe(200)
  return order
}

async function stockOf(productId: number) {
  const [row] = await ctx.app.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
  return row!.stock
}

async function orderRow(id: number) {
  const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, id))
  return row!
}

async function courier(kind: 'driver' | 'company', extra: Record<string, unknown> = {}) {
  const res = await call<{ id: number }>(owner, 'POST', '/api/couriers', {
    kind,
    name: kind === 'driver' ? `سائق ${Math.random().toString(36).slice(2, 6)}` : 'فانكس',
    phone: '0913334444',
    ...extra,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

describe('a company courier: three cash orders, two delivered, one refused, settled', () => {
  it('follows the stock, the orders, the balance and the settlement as the issue tells', async () => {
    const product = await createProduct(ctx.app, { stock: 30 })
    const company = await courier('company', {
      tracking_url_pattern: 'https://app.vanex.ly/track/{tracking_number}',
      default_fee: 7.5,
    })
    const [a, b, c] = [
      await confirmedOrder(product.id),
      await confirmedOrder(product.id),
      await confirmedOrder(product.id),
    ]
    const stockShipped = await stockOf(product.id)
    expect(stockShipped).toBe(24)

    const shipped = await call<{ data: Record<string, unknown>[] }>(clerk, 'POST', '/api/shipments', {
      courier_id: company.id,
      order_ids: [a.id, b.id, c.id],
      tracking_numbers: { [String(a.id)]: 'H-12-TIP-1001' },
    })
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(201)
    const [sa, sb, sc] = shipped.body.data as { id: number; order_id: number }[]
    expect(shipped.body.data[0]).toMatchObject({
      order_id: a.id,
      order_number: a.order_number,
      courier_id: company.id,
      tracking_number: 'H-12-TIP-1001',
      tracking_url: 'https://app.vanex.ly/track/H-12-TIP-1001',
      status: 'out_for_delivery',
      cod_amount: a.total_amount,
      collected_amount: null,
      fee: 7.5,
      settled: false,
    })
    for (const o of [a, b, c]) expect((await orderRow(o.id)).orderStatus).toBe('shipped')

    // Two delivered with their cash (b's courier says it collected less), one refused.
    expect(
      (
        await call(clerk, 'PATCH', `/api/shipments/${sa!.id}`, {
          status: 'delivered',
          collected_amount: a.total_amount,
        })
      ).status,
    ).toBe(200)
    const short = await call(clerk, 'PATCH', `/api/shipments/${sb!.id}`, { status: 'delivered' })
    expect(short.body).toMatchObject({
      status: 'delivered',
      collected_amount: b.total_amount,
      collected_mismatch: false,
    })
    const refused = await call(clerk, 'PATCH', `/api/shipments/${sc!.id}`, {
      status: 'refused',
      reason: 'الزبون غيّر رأيه',
    })
    expect(refused.status).toBe(200)
    expect((await orderRow(a.id)).orderStatus).toBe('completed')
    expect((await orderRow(a.id)).paymentStatus).toBe('pending') // paid only when settled
    const refusedOrder = await call<{
      order_status: string
      history: { action: string; reason: string | null }[]
    }>(owner, 'GET', `/api/orders/${c.id}`)
    expect(refusedOrder.body.order_status).toBe('cancelled')
    expect(refusedOrder.body.history.at(-1)).toMatchObject({
      action: 'refused_on_delivery',
      reason: 'الزبون غيّر رأيه',
    })
    // The refused box is still with the courier: no stock back yet.
    expect(await stockOf(product.id)).toBe(stockShipped)
    // Delivered after refused is impossible.
    expect((await call(clerk, 'PATCH', `/api/shipments/${sc!.id}`, { status: 'delivered' })).status).toBe(409)
    // The box comes back in good condition: its stock goes back once.
    expect(
      (await call(clerk, 'PATCH', `/api/shipments/${sc!.id}`, { status: 'returned', condition: 'good' }))
        .status,
    ).toBe(200)
    expect(await stockOf(product.id)).toBe(stockShipped + 2)
    expect(
      (await call(clerk, 'PATCH', `/api/shipments/${sc!.id}`, { status: 'returned', condition: 'good' }))
        .status,
    ).toBe(409)
    expect(await stockOf(product.id)).toBe(stockShipped + 2)

    // Balance: the two totals collected, fees on all three parcels.
    const balance = await call<Record<string, number>>(owner, 'GET', `/api/couriers/${company.id}/balance`)
    const collected = a.total_amount + b.total_amount
    expect(balance.body).toMatchObject({ collected, fees: 22.5, settled: 0, outstanding: collected - 22.5 })
    expect((balance.body as unknown as { open: unknown[] }).open).toHaveLength(2)

    // A settlement: a exact, b short, and an order number the courier never carried.
    const settlement = await call<{
      matched: { order_number: string }[]
      mismatches: Record<string, unknown>[]
      amount: number
    }>(accountant, 'POST', '/api/settlements', {
      courier_id: company.id,
      lines: [
        { order_number: a.order_number, collected: a.total_amount, fee: 7.5 },
        { order_number: b.order_number, collected: b.total_amount - 5 },
        { order_number: 'ORD-000000-99999', collected: 10 },
      ],
    })
    expect(settlement.status, JSON.stringify(settlement.body)).toBe(201)
    expect(settlement.body.matched.map((m) => m.order_number)).toEqual([a.order_number])
    expect(settlement.body.amount).toBe(a.total_amount - 7.5)
    expect(settlement.body.mismatches).toEqual([
      expect.objectContaining({ line: 2, kind: 'short', expected: b.total_amount, got: b.total_amount - 5 }),
      expect.objectContaining({ line: 3, kind: 'unknown' }),
    ])
    expect((await orderRow(a.id)).paymentStatus).toBe('paid')
    expect((await orderRow(b.id)).paymentStatus).toBe('pending')
    expect((await orderRow(c.id)).paymentStatus).toBe('pending')
    // The same line again: already settled.
    const again = await call<{ mismatches: { kind: string }[]; matched: unknown[] }>(
      accountant,
      'POST',
      '/api/settlements',
      {
        courier_id: company.id,
        lines: [{ order_number: a.order_number, collected: a.total_amount }],
      },
    )
    expect(again.body.matched).toEqual([])
    expect(again.body.mismatches.map((m) => m.kind)).toEqual(['already_settled'])
    // A settled shipment never changes.
    expect((await call(clerk, 'PATCH', `/api/shipments/${sa!.id}`, { fee: 1 })).status).toBe(409)
    const after = await call<Record<string, number>>(owner, 'GET', `/api/couriers/${company.id}/balance`)
    expect(after.body.outstanding).toBeCloseTo(collected - 22.5 - (a.total_amount - 7.5), 2)

    // Profit counts the courier's fee as a cost (decision 0237).
    const completed = await orderRow(a.id)
    expect(completed.courierFee).toBe(7.5)

    // Every move has its actor in the order's history and the audit trail.
    const history = await call<{
      history: { action: string | null; actor: string | null; changed_by: string | null }[]
    }>(owner, 'GET', `/api/orders/${a.id}`)
    expect(history.body.history.map((h) => [h.action, h.actor])).toEqual(
      expect.arrayContaining([
        ['shipped', 'staff'],
        ['delivered', 'staff'],
      ]),
    )
    const audited = await ctx.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, 'shipment'))
    expect(audited.map((r) => r.action)).toEqual(
      expect.arrayContaining(['shipment.delivered', 'shipment.refused', 'shipment.returned']),
    )

    // Stock equals the sum of its ledger after all of it.
    const off = rowsOf(
      await ctx.app.db.execute(sql`
        select v.id from product_variants v left join stock_movements m on m.variant_id = v.id
        where v.product_id = ${product.id} group by v.id having v.stock <> coalesce(sum(m.delta), 0)`),
    )
    expect(off).toEqual([])
  })

  it('settles from a courier CSV file, with translated row errors when a row cannot be read', async () => {
    const product = await createProduct(ctx.app, { stock: 10 })
    const company = await courier('company', { default_fee: 5 })
    const o = await confirmedOrder(product.id, 1)
    const [s] = (
      await call<{ data: { id: number }[] }>(clerk, 'POST', '/api/shipments', {
        courier_id: company.id,
        order_ids: [o.id],
      })
    ).body.data
    await call(clerk, 'PATCH', `/api/shipments/${s!.id}`, { status: 'delivered' })
    const bad = multipartForm({ courier_id: String(company.id) }, [
      {
        field: 'file',
        filename: 'vanex.csv',
        contentType: 'text/csv',
        data: Buffer.from(`order_number,collected,fee\n${o.order_number},abc,5\n`),
      },
    ])
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/settlements',
      headers: { ...accountant.headers, ...bad.headers, 'accept-language': 'ar' },
      payload: bad.payload,
    })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().rows).toEqual([expect.objectContaining({ row: 2, field: 'collected' })])
    expect((await orderRow(o.id)).paymentStatus).toBe('pending')
    const good = multipartForm({ courier_id: String(company.id) }, [
      {
        field: 'file',
        filename: 'vanex.csv',
        contentType: 'text/csv',
        data: Buffer.from(`order_number,collected,fee\n${o.order_number},${o.total_amount},5\n`),
      },
    ])
    const settled = await ctx.app.inject({
      method: 'POST',
      url: '/api/settlements',
      headers: { ...accountant.headers, ...good.headers },
      payload: good.payload,
    })
    expect(settled.statusCode, settled.body).toBe(201)
    expect(settled.json().matched).toHaveLength(1)
    expect((await orderRow(o.id)).paymentStatus).toBe('paid')
  })
})

describe('shipping refuses what cannot go', () => {
  it('refuses a pending, cancelled or already shipped order (409 naming it) and creates nothing', async () => {
    const product = await createProduct(ctx.app, { stock: 10 })
    const driver = await courier('driver')
    const ok = await confirmedOrder(product.id, 1)
    const pending = await placeTestOrder(ctx.app, {
      cityId,
      items: [{ product_id: product.id, quantity: 1 }],
    })
    const res = await call<{ code: string; order_number: string; message: string }>(
      clerk,
      'POST',
      '/api/shipments',
      {
        courier_id: driver.id,
        order_ids: [ok.id, pending.id],
      },
    )
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ code: 'ORDER_NOT_SHIPPABLE', order_number: pending.order_number })
    expect(res.body.message).toContain(pending.order_number)
    expect((await call<{ total: number }>(clerk, 'GET', `/api/shipments?order_id=${ok.id}`)).body.total).toBe(
      0,
    )
    expect((await orderRow(ok.id)).orderStatus).toBe('processing')
    expect(
      (await call(clerk, 'POST', '/api/shipments', { courier_id: driver.id, order_ids: [ok.id] })).status,
    ).toBe(201)
    expect(
      (await call(clerk, 'POST', '/api/shipments', { courier_id: driver.id, order_ids: [ok.id] })).status,
    ).toBe(409)
    // An order out for delivery is moved by its shipment, not by the status edit.
    const current = (await call<Record<string, string>>(owner, 'GET', `/api/orders/${ok.id}`)).body
    const edit = await call<{ code: string }>(owner, 'PUT', `/api/orders/${ok.id}`, {
      customer_name: current.customer_name,
      customer_email: current.customer_email,
      customer_phone: current.customer_phone,
      shipping_address: current.shipping_address,
      order_status: 'completed',
      payment_status: 'paid',
      notes: '',
    })
    expect(edit.status).toBe(409)
    expect(edit.body.code).toBe('ORDER_MOVE_NOT_ALLOWED')
    expect((await orderRow(ok.id)).orderStatus).toBe('shipped')
  })

  it('keeps couriers and settlements for those allowed: guests 401, shoppers and the editor 403, the clerk no settlements', async () => {
    const shopper = await createUser(ctx.app, 'user')
    const editor = await createStaff(ctx.app, 'catalogue_editor')
    expect((await call(null, 'GET', '/api/couriers')).status).toBe(401)
    expect((await call(shopper, 'GET', '/api/couriers')).status).toBe(403)
    expect((await call(editor, 'GET', '/api/shipments')).status).toBe(403)
    expect((await call(clerk, 'GET', '/api/shipments')).status).toBe(200)
    expect(
      (await call(clerk, 'POST', '/api/settlements', { courier_id: 1, amount: 1, shipment_ids: [1] })).status,
    ).toBe(403)
    // The accountant reads couriers and balances to record their cash (not shipments).
    expect((await call(accountant, 'GET', '/api/couriers')).status).toBe(200)
    expect((await call(accountant, 'GET', '/api/shipments')).status).toBe(403)
  })
})

describe("the driver's link", () => {
  it('shows only its own shipments, takes outcomes, stops when revoked, never changes a settled shipment', async () => {
    const product = await createProduct(ctx.app, { stock: 20 })
    const [d1, d2] = [await courier('driver'), await courier('driver')]
    const [o1, o2, o3] = [
      await confirmedOrder(product.id, 1),
      await confirmedOrder(product.id, 1),
      await confirmedOrder(product.id, 1),
    ]
    const mine = (
      await call<{ data: { id: number }[] }>(clerk, 'POST', '/api/shipments', {
        courier_id: d1.id,
        order_ids: [o1.id, o2.id],
      })
    ).body.data
    const theirs = (
      await call<{ data: { id: number }[] }>(clerk, 'POST', '/api/shipments', {
        courier_id: d2.id,
        order_ids: [o3.id],
      })
    ).body.data
    const link = await call<{ url: string; expires_at: string }>(
      clerk,
      'POST',
      `/api/couriers/${d1.id}/driver-link`,
    )
    expect(link.status).toBe(201)
    const token = link.body.url.split('/driver/')[1]!
    expect(link.body.url).toBe(`http://shop.test/driver/${token}`)

    const list = await call<{ shipments: { id: number; cod_amount: number; customer: { phone: string } }[] }>(
      null,
      'GET',
      `/api/driver/${token}`,
    )
    expect(list.status).toBe(200)
    expect(list.body.shipments.map((s) => s.id).sort()).toEqual(mine.map((s) => s.id).sort())
    expect(
      (await call(null, 'PATCH', `/api/driver/${token}/shipments/${theirs[0]!.id}`, { status: 'delivered' }))
        .status,
    ).toBe(404)

    const delivered = await call(null, 'PATCH', `/api/driver/${token}/shipments/${mine[0]!.id}`, {
      status: 'delivered',
    })
    expect(delivered.status).toBe(200)
    // Sent again (the answer was lost offline): the same outcome, once.
    expect(
      (await call(null, 'PATCH', `/api/driver/${token}/shipments/${mine[0]!.id}`, { status: 'delivered' }))
        .status,
    ).toBe(200)
    const history = await call<{
      history: { action: string | null; actor: string | null; courier?: string | null }[]
    }>(owner, 'GET', `/api/orders/${o1.id}`)
    expect(history.body.history.filter((h) => h.action === 'delivered')).toEqual([
      expect.objectContaining({ actor: 'courier' }),
    ])
    const refused = await call(null, 'PATCH', `/api/driver/${token}/shipments/${mine[1]!.id}`, {
      status: 'refused',
      reason: 'not home',
    })
    expect(refused.status).toBe(200)

    // A bad body is answered field by field, translated, for the form it was meant to be.
    const badHandover = await ctx.app.inject({
      method: 'POST',
      url: '/api/settlements',
      headers: { ...owner.headers, 'accept-language': 'en' },
      payload: { courier_id: d1.id, amount: 'lots', shipment_ids: [] },
    })
    expect(badHandover.statusCode).toBe(422)
    expect(Object.keys(badHandover.json().errors).sort()).toEqual(['amount', 'shipment_ids'])
    const badLines = await ctx.app.inject({
      method: 'POST',
      url: '/api/settlements',
      headers: { ...owner.headers, 'accept-language': 'ar' },
      payload: { courier_id: d1.id, lines: [{ collected: 5 }] },
    })
    expect(badLines.statusCode).toBe(422)
    expect(badLines.json().errors['lines.0.order_number']).toEqual(['كل سطر يحتاج رقم طلب أو رقم تتبع'])

    // Own driver hands the cash over: the delivered order becomes paid.
    const wrong = await call(owner, 'POST', '/api/settlements', {
      courier_id: d1.id,
      amount: 1,
      shipment_ids: [mine[0]!.id],
    })
    expect(wrong.status).toBe(422)
    const handed = await call(owner, 'POST', '/api/settlements', {
      courier_id: d1.id,
      amount: o1.total_amount,
      shipment_ids: [mine[0]!.id],
    })
    expect(handed.status, JSON.stringify(handed.body)).toBe(201)
    expect((await orderRow(o1.id)).paymentStatus).toBe('paid')
    // The driver cannot change a settled shipment.
    expect(
      (
        await call(null, 'PATCH', `/api/driver/${token}/shipments/${mine[0]!.id}`, {
          status: 'refused',
          reason: 'x',
        })
      ).status,
    ).toBe(409)

    // The page itself, in Arabic, with the amount and the outcomes.
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/driver/${token}`,
      headers: { 'accept-language': 'ar' },
    })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('dir="rtl"')

    // Revoked: the link stops working (API 401, page says so).
    expect((await call(clerk, 'DELETE', `/api/couriers/${d1.id}/driver-link`)).status).toBe(204)
    expect((await call(null, 'GET', `/api/driver/${token}`)).status).toBe(401)
    const gone = await ctx.app.inject({ method: 'GET', url: `/driver/${token}` })
    expect(gone.statusCode).toBe(401)
    expect((await call(null, 'GET', `/api/driver/not-a-real-token-at-all-1234567`)).status).toBe(401)
  })
})
