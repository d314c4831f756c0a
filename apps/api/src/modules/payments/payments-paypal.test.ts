import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { productVariants } from '../../db/schema/catalog.ts'
import {
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
  withStockReason,
} from '../../../test/helpers.ts'
import { paypalEnv, startPayPalFake, type PayPalFake } from '../../../test/fakes/paypal-fake.ts'
import {
  eventRows,
  followToShop,
  historyRows,
  makeDue,
  orderRow,
  payCall,
  paymentRows,
  placeOnlineOrder,
  setSetting,
  stockOf,
} from '../../../test/payments.ts'
import { sweepExpiredHolds } from './payment-expiry.ts'

// PayPal Orders v2 in USD at the staff's exchange rate (decision 0079), captured on return with a PayPal-Request-Id,
// webhooks verified before they change anything (decision 0080), against the contract fake (test/fakes/paypal-fake.ts).
describe('PayPal payments', () => {
  let ctx: TestContext
  let paypal: PayPalFake
  let cityId: number
  let admin: TestUser
  beforeAll(async () => {
    paypal = await startPayPalFake()
    ctx = await createTestApp({ env: paypalEnv(paypal) })
    cityId = (await createCity(ctx.app, { deliveryPrice: 10 })).id
    admin = await createUser(ctx.app, 'admin')
  })
  afterAll(async () => {
    await ctx.close()
    await paypal.close()
  })

  // 49.85 + 10 delivery = 59.85 LYD; at 4.85 LYD per USD: 12.3402… → 12.35 USD (rounded up to the cent).
  const product = (stock = 20) =>
    createProduct(ctx.app, { retailPrice: 49.85, wholesalePrice: null, wholesaleThreshold: null, stock })
  const webhook = (hook: { headers: Record<string, string>; body: string }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/payments/paypal/webhook',
      headers: hook.headers,
      payload: hook.body,
    })
  const captures = () => paypal.calls.filter((c) => c.endsWith('/capture')).length

  async function approvedOrder() {
    const p = await product()
    const order = await placeOnlineOrder(ctx.app, {
      cityId,
      method: 'paypal',
      items: [{ product_id: p.id, quantity: 1 }],
    })
    const start = await payCall(ctx.app, order, 'POST', '/redirect', {
      gateway: 'paypal',
      expected_amount: 12.35,
    })
    expect(start.statusCode).toBe(200)
    const paypalId = new URL(start.json().redirect_url).searchParams.get('token')!
    return { p, order, start, paypalId }
  }

  it('is offered only once staff set the exchange rate', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/payments/methods' })).json()).toMatchObject({
      methods: ['cash'],
      paypal: null,
    })
    await setSetting(ctx.app, 'usd_exchange_rate', '4.85')
    expect((await ctx.app.inject({ method: 'GET', url: '/api/payments/methods' })).json()).toEqual({
      methods: ['cash', 'paypal'],
      massarat: null,
      paypal: { currency: 'USD', exchange_rate: 4.85 },
    })
  })

  it('charges USD at the rate (stored with the attempt), shown before leaving; a changed rate is a 409 with the new amount', async () => {
    const p = await product()
    const order = await placeOnlineOrder(ctx.app, {
      cityId,
      method: 'paypal',
      items: [{ product_id: p.id, quantity: 1 }],
    })
    expect(order.total_amount).toBe(59.85)
    expect((await payCall(ctx.app, order, 'GET', '')).json().paypal).toEqual({
      amount: 12.35,
      currency: 'USD',
      exchange_rate: 4.85,
    })
    const stale = await payCall(ctx.app, order, 'POST', '/redirect', {
      gateway: 'paypal',
      expected_amount: 12,
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({
      code: 'PAYMENT_AMOUNT_CHANGED',
      amount: 12.35,
      currency: 'USD',
      exchange_rate: 4.85,
      message: 'The amount to pay is now 12.35 USD; please check it and try again',
    })

    const start = await payCall(ctx.app, order, 'POST', '/redirect', {
      gateway: 'paypal',
      expected_amount: 12.35,
    })
    expect(start.json()).toMatchObject({ amount: 12.35, currency: 'USD', exchange_rate: 4.85 })
    const created = [...paypal.orders.values()].at(-1)!
    expect(created).toMatchObject({
      amount: { currency_code: 'USD', value: '12.35' },
      invoiceId: order.order_number,
      requestId: `create-${order.order_number}`,
      returnUrl: 'http://shop.test/api/payments/paypal/return',
      cancelUrl: 'http://shop.test/api/payments/paypal/cancel',
    })
    expect((await paymentRows(ctx.app, order.id))[0]).toMatchObject({
      provider: 'paypal',
      amount: 12.35,
      currency: 'USD',
      exchangeRate: 4.85,
      orderAmount: 59.85,
      providerRef: created.id,
    })
  })

  it('approve → return → capture → paid; a second return captures nothing more', async () => {
    const { order, start, paypalId } = await approvedOrder()
    const back = await followToShop(
      `${new URL(start.json().redirect_url).origin}/checkoutnow/approve?token=${paypalId}`,
    )
    expect(back).toMatch(new RegExp(`^/api/payments/paypal/return\\?token=${paypalId}&PayerID=`))
    const before = captures()
    const res = await ctx.app.inject({ method: 'GET', url: back })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(`/payment/success?order=${order.id}`)
    expect(captures() - before).toBe(1)
    const [row] = await paymentRows(ctx.app, order.id)
    expect(row).toMatchObject({
      state: 'paid',
      providerTxnId: (paypal.orders.get(paypalId)!.capture as { id: string }).id,
    })
    expect(await orderRow(ctx.app, order.id)).toMatchObject({
      paymentStatus: 'paid',
      paymentMethod: 'paypal',
    })

    const again = await ctx.app.inject({ method: 'GET', url: back })
    expect(again.headers.location).toBe(`/payment/success?order=${order.id}`)
    expect(captures() - before).toBe(1)
  })

  it('verifies webhooks with PayPal: a forged one is refused and changes nothing; a replay is recorded once', async () => {
    const { order, paypalId } = await approvedOrder()
    paypal.approve(paypalId)
    const [row] = await paymentRows(ctx.app, order.id)
    const resource = {
      id: 'CAPTURE-FORGED',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '12.35' },
      invoice_id: order.order_number,
      supplementary_data: { related_ids: { order_id: paypalId } },
    }

    const forged = await webhook(paypal.webhook('PAYMENT.CAPTURE.COMPLETED', resource, { forged: true }))
    expect(forged.statusCode).toBe(400)
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/paypal/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ event_type: 'PAYMENT.CAPTURE.COMPLETED', resource }),
    })
    expect(unsigned.statusCode).toBe(400)
    // Signed, but the body changed after signing.
    const signed = paypal.webhook('PAYMENT.CAPTURE.COMPLETED', resource)
    const tampered = await webhook({ headers: signed.headers, body: signed.body.replace('12.35', '1.00') })
    expect(tampered.statusCode).toBe(400)
    expect((await paymentRows(ctx.app, order.id))[0]!.state).toBe('pending')
    expect(await eventRows(ctx.app, row!.id)).toHaveLength(0)

    // The shopper closed the tab after approving: PayPal's CHECKOUT.ORDER.APPROVED makes the shop capture.
    const approved = paypal.webhook('CHECKOUT.ORDER.APPROVED', { id: paypalId, status: 'APPROVED' })
    expect((await webhook(approved)).statusCode).toBe(200)
    expect((await paymentRows(ctx.app, order.id))[0]).toMatchObject({ state: 'paid' })
    const completed = paypal.webhook('PAYMENT.CAPTURE.COMPLETED', {
      ...resource,
      id: (paypal.orders.get(paypalId)!.capture as { id: string }).id,
    })
    const history = (await historyRows(ctx.app, order.id)).length
    for (let i = 0; i < 2; i++) expect((await webhook(completed)).statusCode).toBe(200)
    const events = await eventRows(ctx.app, row!.id)
    expect(events.filter((e) => e.kind === 'PAYMENT.CAPTURE.COMPLETED')).toHaveLength(1)
    expect(await historyRows(ctx.app, order.id)).toHaveLength(history)
  })

  it('a capture of another amount is not paid and is flagged; a denied capture fails the attempt', async () => {
    const { order, paypalId } = await approvedOrder()
    paypal.approve(paypalId)
    paypal.captureValueOverride = '1.00'
    try {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/payments/paypal/return?token=${paypalId}&PayerID=X`,
      })
      expect(res.headers.location).toBe(`/payment/failed?order=${order.id}&reason=amount_mismatch`)
    } finally {
      paypal.captureValueOverride = null
    }
    expect((await paymentRows(ctx.app, order.id))[0]).toMatchObject({
      state: 'failed',
      flag: 'amount_mismatch',
    })

    const pending = await approvedOrder()
    paypal.approve(pending.paypalId)
    paypal.captureStatus = 'PENDING'
    try {
      const back = await ctx.app.inject({
        method: 'GET',
        url: `/api/payments/paypal/return?token=${pending.paypalId}&PayerID=X`,
      })
      // Not paid yet: the result page must not say so.
      expect(back.headers.location).toBe(`/payment/success?order=${pending.order.id}&pending=1`)
    } finally {
      paypal.captureStatus = 'COMPLETED'
    }
    const [waiting] = await paymentRows(ctx.app, pending.order.id)
    expect(waiting).toMatchObject({ state: 'pending', providerTxnId: expect.any(String) })
    const denied = paypal.webhook('PAYMENT.CAPTURE.DENIED', {
      id: waiting!.providerTxnId,
      status: 'DECLINED',
      amount: { currency_code: 'USD', value: '12.35' },
      supplementary_data: { related_ids: { order_id: pending.paypalId } },
    })
    expect((await webhook(denied)).statusCode).toBe(200)
    expect((await paymentRows(ctx.app, pending.order.id))[0]).toMatchObject({
      state: 'failed',
      failureCode: 'DECLINED',
    })
    expect((await orderRow(ctx.app, pending.order.id)).paymentStatus).toBe('failed')
  })

  it('a cancelled approval keeps the order payable and its stock held', async () => {
    const { p, order, start, paypalId } = await approvedOrder()
    const back = await followToShop(
      `${new URL(start.json().redirect_url).origin}/checkoutnow/cancel?token=${paypalId}`,
    )
    const res = await ctx.app.inject({ method: 'GET', url: back })
    expect(res.headers.location).toBe(`/payment/cancelled?order=${order.id}`)
    expect((await paymentRows(ctx.app, order.id))[0]).toMatchObject({
      state: 'failed',
      failureCode: 'canceled',
    })
    expect((await payCall(ctx.app, order, 'GET', '')).json()).toMatchObject({
      payable: true,
      order_status: 'pending',
    })
    expect(await stockOf(ctx.app, p.id)).toBe(19)
    // Approving the abandoned PayPal order later takes no money: only a live attempt is captured.
    paypal.approve(paypalId)
    const late = await ctx.app.inject({
      method: 'GET',
      url: `/api/payments/paypal/return?token=${paypalId}&PayerID=X`,
    })
    expect(late.headers.location).toBe(`/payment/cancelled?order=${order.id}`)
    expect(paypal.orders.get(paypalId)!.capture).toBeUndefined()
  })

  it('after expiry, a return captures only when the stock can be taken again', async () => {
    const { p, order, paypalId } = await approvedOrder()
    paypal.approve(paypalId)
    await makeDue(ctx.app, order.id)
    await sweepExpiredHolds(ctx.app.db)
    await withStockReason(ctx.app, (tx) =>
      tx.update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, p.id)),
    )
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/payments/paypal/return?token=${paypalId}&PayerID=X`,
    })
    expect(res.headers.location).toBe(`/payment/failed?order=${order.id}&reason=expired`)
    expect(paypal.orders.get(paypalId)!.capture).toBeUndefined()
    expect(await orderRow(ctx.app, order.id)).toMatchObject({
      orderStatus: 'cancelled',
      paymentStatus: 'expired',
    })
  })

  it('staff refund through PayPal: the payment and the order are refunded, the history says who', async () => {
    const { order, paypalId } = await approvedOrder()
    paypal.approve(paypalId)
    await ctx.app.inject({ method: 'GET', url: `/api/payments/paypal/return?token=${paypalId}&PayerID=X` })
    const [row] = await paymentRows(ctx.app, order.id)
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/payments?order_id=${order.id}`,
      headers: admin.headers,
    })
    expect(list.json().data).toMatchObject([
      {
        id: row!.id,
        provider: 'paypal',
        state: 'paid',
        provider_ref: paypalId,
        provider_transaction_id: row!.providerTxnId,
        refundable: true,
        exchange_rate: 4.85,
      },
    ])

    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/${row!.id}/refund`,
      headers: admin.headers,
    })
    expect(refund.statusCode).toBe(200)
    expect(refund.json()).toMatchObject({
      state: 'refunded',
      refund_id: expect.any(String),
      refundable: false,
    })
    expect((await orderRow(ctx.app, order.id)).paymentStatus).toBe('refunded')
    expect((await historyRows(ctx.app, order.id)).at(-1)).toMatchObject({
      fromPaymentStatus: 'paid',
      toPaymentStatus: 'refunded',
      changedBy: admin.id,
    })
    // PayPal's REFUNDED webhook afterwards changes nothing more; a second refund is refused.
    const hook = paypal.webhook('PAYMENT.CAPTURE.REFUNDED', {
      id: refund.json().refund_id,
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '12.35' },
      links: [{ rel: 'up', href: `${paypal.url}/v2/payments/captures/${row!.providerTxnId}` }],
    })
    expect((await webhook(hook)).statusCode).toBe(200)
    const twice = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/${row!.id}/refund`,
      headers: { ...admin.headers, 'accept-language': 'en' },
    })
    expect(twice.json()).toEqual({
      code: 'PAYMENT_NOT_REFUNDABLE',
      message: 'Only a paid payment can be refunded',
    })
  })
})
