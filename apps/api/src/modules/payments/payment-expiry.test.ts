import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts'
import { plutuEnv, startPlutuFake, type PlutuFake } from '../../../test/fakes/plutu-fake.ts'
import {
  followToShop,
  historyRows,
  makeDue,
  orderRow,
  payCall,
  paymentRows,
  placeOnlineOrder,
  stockOf,
} from '../../../test/payments.ts'
import { placeTestOrder } from '../../../test/orders.ts'
import { and, eq } from 'drizzle-orm'
import { mailOutbox, settings } from '../../db/schema/settings.ts'
import { sweepExpiredHolds } from './payment-expiry.ts'

// Decisions 0076 and 0077: an unpaid online order gives its stock back once when its time runs out; a payment that
// arrives later is recorded, flagged for staff, and takes the stock again when it is there.
describe('unpaid online orders expire', () => {
  let ctx: TestContext
  let plutu: PlutuFake
  let cityId: number
  beforeAll(async () => {
    plutu = await startPlutuFake()
    ctx = await createTestApp({ env: plutuEnv(plutu) })
    cityId = (await createCity(ctx.app, { deliveryPrice: 5 })).id
  })
  afterAll(async () => {
    await ctx.close()
    await plutu.close()
  })

  const product = (stock: number) =>
    createProduct(ctx.app, { retailPrice: 10, wholesalePrice: null, wholesaleThreshold: null, stock })

  it('puts the stock back exactly once, whatever the number of sweeps at the same time, and cancels the order', async () => {
    const p = await product(10)
    const order = await placeOnlineOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 3 }] })
    await payCall(ctx.app, order, 'POST', '/redirect', { gateway: 'localbankcards' })
    expect(await stockOf(ctx.app, p.id)).toBe(7)
    expect(await sweepExpiredHolds(ctx.app.db)).toBe(0)
    expect(await stockOf(ctx.app, p.id)).toBe(7)

    await makeDue(ctx.app, order.id, 5)
    // Past its time and still holding stock: what the owner's alert watches (the sweep is off in tests).
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).body).toMatch(
      /^shop_payment_holds_overdue 1$/m,
    )
    const counts = await Promise.all([
      sweepExpiredHolds(ctx.app.db),
      sweepExpiredHolds(ctx.app.db),
      sweepExpiredHolds(ctx.app.db),
    ])
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1)
    expect(await sweepExpiredHolds(ctx.app.db)).toBe(0)
    expect(await stockOf(ctx.app, p.id)).toBe(10)
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).body).toMatch(
      /^shop_payment_holds_overdue 0$/m,
    )
    expect(await orderRow(ctx.app, order.id)).toMatchObject({
      orderStatus: 'cancelled',
      paymentStatus: 'expired',
    })
    expect((await paymentRows(ctx.app, order.id))[0]!.state).toBe('expired')
    const history = await historyRows(ctx.app, order.id)
    expect(history.filter((h) => h.toPaymentStatus === 'expired')).toHaveLength(1)
    expect(history.at(-1)).toMatchObject({ fromStatus: 'pending', toStatus: 'cancelled', changedBy: null })
    expect((await payCall(ctx.app, order, 'GET', '')).json()).toMatchObject({
      payment_status: 'expired',
      due_at: null,
      payable: true,
    })
  })

  it('expires on access too (the sweep off or behind): reading the payment ends a hold whose time ran out', async () => {
    const p = await product(4)
    const order = await placeOnlineOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 4 }] })
    await makeDue(ctx.app, order.id)
    const view = await payCall(ctx.app, order, 'GET', '')
    expect(view.json()).toMatchObject({ payment_status: 'expired', order_status: 'cancelled' })
    expect(await stockOf(ctx.app, p.id)).toBe(4)
  })

  it('ends on any read of the order (staff list and dialog, my orders, tracking), once, with the sweep off (decision 0098)', async () => {
    const admin = await createUser(ctx.app, 'admin')
    const shopper = await createUser(ctx.app)
    const place = async (headers: Record<string, string> = {}) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'idempotency-key': randomUUID(), ...headers },
        payload: {
          customer_name: 'زبون',
          customer_email: 'late@example.ly',
          customer_phone: '0912345678',
          shipping_address: 'طرابلس',
          city_id: cityId,
          payment_method: 'massarat',
          items: [{ product_id: p.id, quantity: 2 }],
        },
      })
      expect(res.statusCode).toBe(201)
      return res.json() as { id: number; order_number: string }
    }
    const p = await product(8)
    const reads: [string, (o: { id: number; order_number: string }) => Promise<unknown>, boolean][] = [
      [
        'staff list',
        () => ctx.app.inject({ method: 'GET', url: '/api/orders', headers: admin.headers }),
        false,
      ],
      [
        'staff dialog',
        (o) => ctx.app.inject({ method: 'GET', url: `/api/orders/${o.id}`, headers: admin.headers }),
        false,
      ],
      [
        'my orders',
        () => ctx.app.inject({ method: 'GET', url: '/api/orders', headers: shopper.headers }),
        true,
      ],
      [
        'tracking',
        (o) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/track',
            payload: { order_number: o.order_number, phone: '0912345678' },
          }),
        false,
      ],
    ]
    for (const [where, read, mine] of reads) {
      const order = await place(mine ? shopper.headers : {})
      expect(await stockOf(ctx.app, p.id), where).toBe(6)
      await makeDue(ctx.app, order.id)
      // Three readers at once: the stock comes back once, one history row, one mail.
      await Promise.all([read(order), read(order), read(order)])
      expect(await stockOf(ctx.app, p.id), where).toBe(8)
      expect(await orderRow(ctx.app, order.id), where).toMatchObject({
        orderStatus: 'cancelled',
        paymentStatus: 'expired',
      })
      const expiries = (await historyRows(ctx.app, order.id)).filter((h) => h.action === 'payment_expired')
      expect(expiries, where).toHaveLength(1)
    }
  })

  it('a late card payment is recorded, flagged and takes the stock again when it is there', async () => {
    const p = await product(10)
    const order = await placeOnlineOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 2 }] })
    const start = await payCall(ctx.app, order, 'POST', '/redirect', { gateway: 'localbankcards' })
    await makeDue(ctx.app, order.id)
    await sweepExpiredHolds(ctx.app.db)
    expect(await stockOf(ctx.app, p.id)).toBe(10)

    const res = await ctx.app.inject({
      method: 'GET',
      url: await followToShop(`${start.json().redirect_url}/pay`),
    })
    expect(res.headers.location).toBe(`/payment/success?order=${order.id}`)
    expect((await paymentRows(ctx.app, order.id))[0]).toMatchObject({
      state: 'paid',
      flag: 'paid_after_expiry',
    })
    expect(await orderRow(ctx.app, order.id)).toMatchObject({
      orderStatus: 'pending',
      paymentStatus: 'paid',
      stockRestoredAt: null,
    })
    expect(await stockOf(ctx.app, p.id)).toBe(8)
    // Paid: the sweep leaves it alone from now on.
    await makeDue(ctx.app, order.id)
    expect(await sweepExpiredHolds(ctx.app.db)).toBe(0)
    expect(await stockOf(ctx.app, p.id)).toBe(8)
  })

  it('a late payment whose stock was sold meanwhile is recorded and flagged; the order stays cancelled', async () => {
    const p = await product(3)
    const order = await placeOnlineOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 3 }] })
    const start = await payCall(ctx.app, order, 'POST', '/redirect', { gateway: 'localbankcards' })
    await makeDue(ctx.app, order.id)
    await sweepExpiredHolds(ctx.app.db)
    await placeTestOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 2 }] })

    const res = await ctx.app.inject({
      method: 'GET',
      url: await followToShop(`${start.json().redirect_url}/pay`),
    })
    expect(res.headers.location).toBe(`/payment/success?order=${order.id}`)
    expect((await paymentRows(ctx.app, order.id))[0]).toMatchObject({
      state: 'paid',
      flag: 'paid_after_expiry_no_stock',
    })
    expect(await orderRow(ctx.app, order.id)).toMatchObject({
      orderStatus: 'cancelled',
      paymentStatus: 'paid',
    })
    expect(await stockOf(ctx.app, p.id)).toBe(1)
  })

  it('paying again after expiry brings the order back when the stock is there, and says which product when not', async () => {
    const p = await product(5)
    const order = await placeOnlineOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 5 }] })
    await makeDue(ctx.app, order.id)
    await sweepExpiredHolds(ctx.app.db)
    const again = await payCall(ctx.app, order, 'POST', '/wallet', {
      gateway: 'edfali',
      mobile_number: '0941234567',
    })
    expect(again.statusCode).toBe(200)
    expect(await orderRow(ctx.app, order.id)).toMatchObject({
      orderStatus: 'pending',
      paymentStatus: 'pending',
    })
    expect(await stockOf(ctx.app, p.id)).toBe(0)

    await makeDue(ctx.app, order.id)
    await sweepExpiredHolds(ctx.app.db)
    await placeTestOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 1 }] })
    const gone = await payCall(ctx.app, order, 'POST', '/wallet', {
      gateway: 'edfali',
      mobile_number: '0941234567',
    })
    expect(gone.statusCode).toBe(409)
    expect(gone.json()).toMatchObject({
      code: 'OUT_OF_STOCK',
      available: 4,
      message: `Not enough stock for ${p.name} (available: 4)`,
    })
    expect(await orderRow(ctx.app, order.id)).toMatchObject({
      orderStatus: 'cancelled',
      paymentStatus: 'expired',
    })
    expect(await stockOf(ctx.app, p.id)).toBe(4)
  })

  it('leaves cash orders, paid orders and orders staff took over alone; a released order gives its stock back at once', async () => {
    await ctx.app.db
      .insert(settings)
      .values({ key: 'notify_emails', value: 'staff@shop.ly' })
      .onConflictDoUpdate({ target: settings.key, set: { value: 'staff@shop.ly' } })
    const p = await product(20)
    const cash = await placeTestOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 1 }] })
    const released = await placeOnlineOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 4 }] })
    expect(await stockOf(ctx.app, p.id)).toBe(15)
    const res = await payCall(ctx.app, released, 'POST', '/release')
    expect(res.json()).toMatchObject({ order_status: 'cancelled', payment_status: 'expired' })
    expect(await stockOf(ctx.app, p.id)).toBe(19)
    expect((await payCall(ctx.app, released, 'POST', '/release')).statusCode).toBe(200)
    expect(await stockOf(ctx.app, p.id)).toBe(19)
    // Cancelled as its shopper asked (they placed a new order instead): they are told once; staff hear of the new one only.
    expect((await historyRows(ctx.app, released.id)).at(-1)).toMatchObject({
      toStatus: 'cancelled',
      actor: 'guest',
      action: 'released',
    })
    const cancelMails = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.subject, `تم إلغاء طلبك ${released.order_number}`)))
    expect(cancelMails.map((m) => m.to)).toEqual(['online@example.ly'])
    expect(cancelMails[0]!.text).toContain('ألغينا طلبك كما طلبت.')
    const staffMails = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'staff@shop.ly'))
    expect(staffMails.filter((m) => m.subject.includes(released.order_number)).map((m) => m.subject)).toEqual(
      [expect.stringContaining('طلب جديد')],
    )
    expect(await sweepExpiredHolds(ctx.app.db, new Date(Date.now() + 365 * 86_400_000))).toBe(0)
    expect((await orderRow(ctx.app, cash.id)).orderStatus).toBe('pending')
  })
})

describe('the sweep in every process', () => {
  it('runs by itself every PAYMENT_SWEEP_SECONDS and stops with the app', async () => {
    const ctx = await createTestApp({
      env: { PLUTU_API_KEY: 'k', PLUTU_ACCESS_TOKEN: 't', PLUTU_SECRET_KEY: 's', PAYMENT_SWEEP_SECONDS: 1 },
    })
    try {
      const cityId = (await createCity(ctx.app)).id
      const p = await createProduct(ctx.app, { stock: 6 })
      const order = await placeOnlineOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 6 }] })
      await makeDue(ctx.app, order.id)
      await expect
        .poll(async () => (await orderRow(ctx.app, order.id)).paymentStatus, {
          timeout: 10_000,
          interval: 200,
        })
        .toBe('expired')
      expect(await stockOf(ctx.app, p.id)).toBe(6)
      // The shopper, who had the receipt, is told the order was cancelled and why; the history says the shop's clock did it.
      expect((await historyRows(ctx.app, order.id)).at(-1)).toMatchObject({
        toStatus: 'cancelled',
        actor: 'system',
        action: 'payment_expired',
      })
      const mails = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'online@example.ly'))
      const cancelled = mails.filter((m) => m.subject === `تم إلغاء طلبك ${order.order_number}`)
      expect(cancelled).toHaveLength(1)
      expect(cancelled[0]!.text).toContain('أُلغي طلبك لأن الدفع لم يكتمل في الوقت المحدد')
    } finally {
      await ctx.close()
    }
  })
})
