import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SRC, sourceFiles } from '../../test/source-files.ts'
import { and, asc, eq, like } from 'drizzle-orm'
import type { Order } from '@shop/shared/schemas/order'
import {
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../test/helpers.ts'
import { plutuEnv, startPlutuFake, type PlutuFake } from '../../test/fakes/plutu-fake.ts'
import { insertOffer, placeCodeOrder } from '../../test/offer-orders.ts'
import { placeTestOrder } from '../../test/orders.ts'
import { followToShop, makeDue, payCall, placeOnlineOrder, stockOf } from '../../test/payments.ts'
import { orders } from '../db/schema/orders.ts'
import { promotions } from '../db/schema/promotions.ts'
import { mailOutbox } from '../db/schema/settings.ts'
import { auditLog } from '../db/schema/team.ts'
import { expireDueHolds } from './payment-expiry.ts'
import { trackingSecret, trackingToken } from './tracking-link.ts'

// Decision 0193: one function owns an order's state. Every path that moves an order records who moved it (staff by
// name, the shopper, a guest, the provider, the shop's clock) in the history the dashboard shows; staff moves leave an
// audit row; the shopper's status mail is written once; a cancel gives stock and offer uses back once, an un-cancel
// takes them again.

describe('the only writer of an order’s state', () => {
  it('no file but domain/order-state.ts writes the history or an order’s statuses (the seed writes its demo history)', () => {
    const offenders: string[] = []
    for (const path of sourceFiles(SRC)) {
      const file = relative(SRC, path).replaceAll('\\', '/')
      if (file === 'domain/order-state.ts') continue
      const text = readFileSync(path, 'utf8')
      if (/insert\(\s*orderStatusHistory\s*\)/.test(text) && file !== 'db/seed.ts')
        offenders.push(`${file}: inserts order_status_history`)
      // Each update of the orders table, up to its where: none sets a status or the payment method.
      for (const m of text.matchAll(/\.update\(\s*orders\s*\)([\s\S]*?)\.where\(/g))
        if (/\b(orderStatus|paymentStatus|paymentMethod)\b/.test(m[1]!))
          offenders.push(`${file}: sets an order's status with drizzle`)
      if (/update\s+"?orders"?\s+set[^;`]*\b(order_status|payment_status)\b/i.test(text))
        offenders.push(`${file}: sets an order's status in SQL`)
      if (/insert\s+into\s+"?order_status_history"?/i.test(text) && file !== 'db/seed.ts')
        offenders.push(`${file}: inserts order_status_history in SQL`)
    }
    expect(offenders).toEqual([])
    // The check looks where the writers were: it would have caught them.
    expect(sourceFiles(SRC).some((p) => p.endsWith('order-state.ts'))).toBe(true)
  })
})

describe('every move of an order says who made it', () => {
  let ctx: TestContext
  let plutu: PlutuFake
  let clerk: TestUser
  let cityId: number
  beforeAll(async () => {
    plutu = await startPlutuFake()
    ctx = await createTestApp({ env: plutuEnv(plutu) })
    clerk = await createUser(ctx.app, 'admin', { name: 'Salma the clerk' })
    cityId = (await createCity(ctx.app, { deliveryPrice: 5 })).id
  })
  afterAll(async () => {
    await ctx.close()
    await plutu.close()
  })

  const product = (stock: number) =>
    createProduct(ctx.app, { retailPrice: 10, wholesalePrice: null, wholesaleThreshold: null, stock })

  /** The order as the dashboard's dialog reads it (staff). */
  const staffView = async (id: number): Promise<Order> => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: clerk.headers })
    expect(res.statusCode).toBe(200)
    return res.json() as Order
  }
  const who = (o: Order) =>
    (o.history ?? []).map((h) => ({
      to: h.to_status,
      pay: h.to_payment_status,
      actor: h.actor,
      changed_by: h.changed_by,
      provider: h.provider ?? null,
      action: h.action ?? null,
    }))
  const customerMails = async (orderId: number) =>
    ctx.app.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.eventKey, `order:${orderId}:history:%:customer`))
  const auditOf = (orderId: number) =>
    ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(orderId))))
      .orderBy(asc(auditLog.id))
  const put = (id: number, fields: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/orders/${id}`,
      headers: clerk.headers,
      payload: {
        customer_name: 'عميل تجريبي',
        customer_email: 'buyer@example.ly',
        customer_phone: '0921234567',
        shipping_address: 'مصراتة',
        order_status: 'pending',
        payment_status: 'pending',
        notes: null,
        ...fields,
      },
    })

  it('a guest places, staff confirm (mailed once, audited), staff complete, and the dialog names each one', async () => {
    const p = await product(10)
    const order = await placeTestOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 2 }] })
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/confirm`,
      headers: clerk.headers,
    })
    expect(confirm.statusCode).toBe(200)
    // The same request again is refused and mails nobody a second time.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/orders/${order.id}/confirm`,
          headers: clerk.headers,
        })
      ).statusCode,
    ).toBe(409)
    expect(await customerMails(order.id)).toHaveLength(1)

    // An edit of the address alone: no history row, no mail, but the trail says who changed what.
    expect((await put(order.id, { order_status: 'processing', shipping_address: 'بنغازي' })).statusCode).toBe(
      200,
    )
    expect((await put(order.id, { order_status: 'completed', shipping_address: 'بنغازي' })).statusCode).toBe(
      200,
    )
    expect(await customerMails(order.id)).toHaveLength(2)

    expect(who(await staffView(order.id))).toEqual([
      { to: 'pending', pay: 'pending', actor: 'guest', changed_by: null, provider: null, action: null },
      {
        to: 'processing',
        pay: 'pending',
        actor: 'staff',
        changed_by: 'Salma the clerk',
        provider: null,
        action: 'confirmed_by_phone',
      },
      {
        to: 'completed',
        pay: 'pending',
        actor: 'staff',
        changed_by: 'Salma the clerk',
        provider: null,
        action: null,
      },
    ])
    const trail = await auditOf(order.id)
    expect(trail.map((a) => [a.action, a.actorKind, a.actorUserId, a.actorName])).toEqual([
      ['order.confirmed_by_phone', 'staff', clerk.id, 'Salma the clerk'],
      ['order.updated', 'staff', clerk.id, 'Salma the clerk'],
      ['order.status_changed', 'staff', clerk.id, 'Salma the clerk'],
    ])
    expect(trail[0]).toMatchObject({
      before: { order_status: 'pending' },
      after: { order_status: 'processing' },
    })
    expect(trail[1]).toMatchObject({
      before: { shipping_address: 'مصراتة' },
      after: { shipping_address: 'بنغازي' },
    })
    expect(trail[2]).toMatchObject({
      before: { order_status: 'processing' },
      after: { order_status: 'completed' },
    })
  })

  it('the shopper cancels: stock and the code’s use back once; staff un-cancel: both taken again, each move named', async () => {
    const shopper = await createUser(ctx.app, 'user', { name: 'Huda Shopper' })
    const p = await product(10)
    const offer = await insertOffer(ctx.app, { usageLimit: 5 })
    const order = await placeCodeOrder(ctx.app, {
      cityId,
      items: [{ product_id: p.id, quantity: 3 }],
      coupon_code: offer.code!,
      headers: shopper.headers,
    })
    const usedCount = async () =>
      (await ctx.app.db.select().from(promotions).where(eq(promotions.id, offer.id)))[0]!.usedCount
    expect(await stockOf(ctx.app, p.id)).toBe(7)
    expect(await usedCount()).toBe(1)

    const cancel = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/cancel`,
        headers: shopper.headers,
        payload: { reason: 'طلبت بالخطأ' },
      })
    expect((await cancel()).statusCode).toBe(200)
    expect((await cancel()).statusCode).toBe(409)
    expect(await stockOf(ctx.app, p.id)).toBe(10)
    expect(await usedCount()).toBe(0)
    // Staff put it back to pending (the spec lets them set any status): the stock and the use are taken again.
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, order.id))
    const uncancel = await put(order.id, {
      customer_name: row!.customerName,
      customer_email: row!.customerEmail,
      customer_phone: row!.customerPhone,
      shipping_address: row!.shippingAddress,
    })
    expect(uncancel.statusCode).toBe(200)
    expect(await stockOf(ctx.app, p.id)).toBe(7)
    expect(await usedCount()).toBe(1)

    const view = await staffView(order.id)
    expect(who(view).slice(1)).toEqual([
      {
        to: 'cancelled',
        pay: 'pending',
        actor: 'shopper',
        changed_by: 'Huda Shopper',
        provider: null,
        action: 'cancelled_by_customer',
      },
      {
        to: 'pending',
        pay: 'pending',
        actor: 'staff',
        changed_by: 'Salma the clerk',
        provider: null,
        action: null,
      },
    ])
    expect(view.history![1]!.reason).toBe('طلبت بالخطأ')
    // The shopper's own move is in the history, not in the staff's audit trail; the staff's is in both.
    expect((await auditOf(order.id)).map((a) => [a.action, a.actorKind])).toEqual([
      ['order.status_changed', 'staff'],
    ])
  })

  it('a guest cancels with the tracking link: history says a guest did, the stock goes back once', async () => {
    const p = await product(5)
    const order = await placeTestOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 5 }] })
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, order.id))
    const token = trackingToken(await trackingSecret(ctx.app.db), row!.orderNumber, row!.trackingKey)
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/track/cancel',
      payload: { order_number: row!.orderNumber, token, reason: 'changed my mind' },
      remoteAddress: '10.77.0.1',
    })
    expect(res.statusCode).toBe(200)
    expect(await stockOf(ctx.app, p.id)).toBe(5)
    expect(who(await staffView(order.id)).at(-1)).toEqual({
      to: 'cancelled',
      pay: 'pending',
      actor: 'guest',
      changed_by: null,
      provider: null,
      action: 'cancelled_by_customer',
    })
    // The shopper is told once that it is cancelled.
    expect(await customerMails(order.id)).toHaveLength(1)
  })

  it('Plutu’s verified answer moves the payment status as the provider; the clock’s expiry as the system', async () => {
    const p = await product(10)
    const paid = await placeOnlineOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 1 }] })
    const start = await payCall(ctx.app, paid, 'POST', '/redirect', { gateway: 'localbankcards' })
    const back = await ctx.app.inject({
      method: 'GET',
      url: await followToShop(`${start.json().redirect_url}/pay`),
    })
    expect(back.headers.location).toBe(`/payment/success?order=${paid.id}`)
    const paidView = await staffView(paid.id)
    expect(who(paidView).at(-1)).toEqual({
      to: 'pending',
      pay: 'paid',
      actor: 'provider',
      changed_by: null,
      provider: 'plutu',
      action: null,
    })
    expect(paidView.history!.at(-1)!.reason).toBeNull()

    const unpaid = await placeOnlineOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 4 }] })
    expect(await stockOf(ctx.app, p.id)).toBe(5)
    await makeDue(ctx.app, unpaid.id)
    expect(await expireDueHolds(ctx.app.db)).toBe(1)
    expect(await expireDueHolds(ctx.app.db)).toBe(0)
    expect(await stockOf(ctx.app, p.id)).toBe(9)
    expect(who(await staffView(unpaid.id)).at(-1)).toEqual({
      to: 'cancelled',
      pay: 'expired',
      actor: 'system',
      changed_by: null,
      provider: null,
      action: 'payment_expired',
    })
    expect(await customerMails(unpaid.id)).toHaveLength(1)
    // Neither the provider nor the clock writes the staff's audit trail.
    expect(await auditOf(paid.id)).toEqual([])
    expect(await auditOf(unpaid.id)).toEqual([])
  })

  it('staff edits of the lines and a new tracking link are in the trail; the edit is a history row by name', async () => {
    const p = await product(10)
    const order = await placeTestOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 2 }] })
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}/items`,
      headers: clerk.headers,
      payload: { items: [{ product_id: p.id, quantity: 3 }] },
    })
    expect(edit.statusCode).toBe(200)
    const link = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/tracking-link`,
      headers: clerk.headers,
    })
    expect(link.statusCode).toBe(200)
    expect(who(await staffView(order.id)).at(-1)).toMatchObject({
      actor: 'staff',
      changed_by: 'Salma the clerk',
      action: 'items_edited',
    })
    const trail = await auditOf(order.id)
    expect(trail.map((a) => a.action)).toEqual(['order.items_edited', 'order.tracking_link_renewed'])
    expect(trail[0]).toMatchObject({ before: { total_amount: 25 }, after: { total_amount: 35 } })
    // The key itself never reaches the trail.
    expect(JSON.stringify(trail[1])).not.toContain(
      (await ctx.app.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.trackingKey,
    )
  })
})
