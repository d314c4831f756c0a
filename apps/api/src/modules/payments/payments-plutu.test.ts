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
  eventRows,
  followToShop,
  historyRows,
  orderRow,
  payCall,
  paymentRows,
  placeOnlineOrder,
  setSetting,
  stockOf,
} from '../../../test/payments.ts'

// Online payments (decisions 0075–0084, docs/payments.md), Plutu ("massarat"): Sadad and Edfali by code typed on our page, local cards by redirect,
// against the contract fake of Plutu's API (test/fakes/plutu-fake.ts).
describe('Plutu payments', () => {
  let ctx: TestContext
  let plutu: PlutuFake
  let cityId: number
  beforeAll(async () => {
    plutu = await startPlutuFake()
    ctx = await createTestApp({ env: plutuEnv(plutu) })
    cityId = (await createCity(ctx.app, { deliveryPrice: 10 })).id
  })
  afterAll(async () => {
    await ctx.close()
    await plutu.close()
  })

  const product = (stock = 20) =>
    createProduct(ctx.app, { retailPrice: 24.95, wholesalePrice: null, wholesaleThreshold: null, stock })
  const confirms = () => plutu.calls.filter((c) => c.action === 'confirm' && c.gateway === 'sadadapi').length

  it('offers massarat with the configured gateways, and an order paid by it holds its stock with a payment token', async () => {
    const methods = await ctx.app.inject({ method: 'GET', url: '/api/payments/methods' })
    // MPGS charges dollars: not offered until staff set the exchange rate.
    expect(methods.json()).toEqual({
      methods: ['cash', 'massarat'],
      massarat: { gateways: ['sadadapi', 'edfali', 'localbankcards'] },
      paypal: null,
    })
    const p = await product()
    const order = await placeOnlineOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 2 }] })
    expect(order).toMatchObject({ order_status: 'pending', payment_status: 'pending', total_amount: 59.9 })
    expect(order.payment.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(new Date(order.payment.due_at).getTime() - Date.now()).toBeGreaterThan(29 * 60_000)
    expect(await stockOf(ctx.app, p.id)).toBe(18)

    const view = await payCall(ctx.app, order, 'GET', '')
    expect(view.statusCode).toBe(200)
    expect(view.json()).toMatchObject({
      order_number: order.order_number,
      payable: true,
      payment_status: 'pending',
      massarat: { gateways: expect.any(Array) },
      attempts: [],
    })
    // Without the token (or with another order's) the order's payment is not there.
    for (const headers of [{}, { 'x-payment-token': 'x'.repeat(43) }]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/payments/orders/${order.id}`, headers })
      expect(res.statusCode).toBe(404)
    }
  })

  it('start → code → paid by Sadad: the order is paid, with the provider’s ids and a history row by the system', async () => {
    const p = await product()
    const order = await placeOnlineOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 1 }] })
    const start = await payCall(ctx.app, order, 'POST', '/wallet', {
      gateway: 'sadadapi',
      mobile_number: '091 234 5678',
      birth_year: '1990',
    })
    expect(start.statusCode).toBe(200)
    expect(start.json()).toMatchObject({ otp_length: 6 })
    const verify = plutu.calls.at(-1)!
    expect(verify).toMatchObject({
      gateway: 'sadadapi',
      action: 'verify',
      fields: { mobile_number: '0912345678', birth_year: '1990', amount: '34.95' },
    })

    const wrong = await payCall(ctx.app, order, 'POST', '/wallet/confirm', {
      payment_id: start.json().payment_id,
      otp: '000000',
    })
    expect(wrong.statusCode).toBe(422)
    // Decision 0097: the shop's sentence for Plutu's INVALID_OTP, in the shopper's language only.
    expect(wrong.json()).toMatchObject({
      code: 'PAYMENT_REFUSED',
      message: 'The code is not correct. Check the text message and type it again',
    })
    const wrongAr = await payCall(
      ctx.app,
      order,
      'POST',
      '/wallet/confirm',
      { payment_id: start.json().payment_id, otp: '000001' },
      'ar',
    )
    expect(wrongAr.json().message).toBe('الرمز غير صحيح. تحقق من الرسالة النصية واكتبه مرة أخرى')
    expect(wrongAr.json().message).not.toMatch(/[A-Za-z]/)
    // Staff keep Plutu's own words on the attempt.
    expect((await paymentRows(ctx.app, order.id))[0]).toMatchObject({
      failureMessage: 'The code is not correct',
    })
    expect((await paymentRows(ctx.app, order.id))[0]).toMatchObject({ state: 'pending', otpTries: 2 })

    const paid = await payCall(ctx.app, order, 'POST', '/wallet/confirm', {
      payment_id: start.json().payment_id,
      otp: plutu.sadadOtp,
    })
    expect(paid.statusCode).toBe(200)
    expect(paid.json()).toMatchObject({
      payment_status: 'paid',
      payable: false,
      due_at: null,
      attempts: [{ state: 'paid', provider: 'plutu', gateway: 'sadadapi', amount: 34.95, currency: 'LYD' }],
    })
    const confirm = plutu.calls.at(-1)!
    expect(confirm.fields).toMatchObject({
      process_id: expect.stringMatching(/^\d+$/),
      code: plutu.sadadOtp,
      amount: '34.95',
      invoice_no: order.order_number,
    })
    const [row] = await paymentRows(ctx.app, order.id)
    expect(row).toMatchObject({
      state: 'paid',
      providerRef: confirm.fields.process_id,
      providerTxnId: plutu.paid.get(order.order_number)!.transactionId,
      invoiceNo: order.order_number,
    })
    expect((await orderRow(ctx.app, order.id)).paymentStatus).toBe('paid')
    expect((await historyRows(ctx.app, order.id)).at(-1)).toMatchObject({
      fromPaymentStatus: 'pending',
      toPaymentStatus: 'paid',
      changedBy: null,
    })
    // Two wrong codes (English, then Arabic) and the right one.
    expect((await eventRows(ctx.app, row!.id)).map((e) => e.kind).sort()).toEqual([
      'failed',
      'failed',
      'paid',
    ])
    expect(await stockOf(ctx.app, p.id)).toBe(19)

    // The same code again: the payment as it is, no second charge.
    const before = confirms()
    const again = await payCall(ctx.app, order, 'POST', '/wallet/confirm', {
      payment_id: row!.id,
      otp: plutu.sadadOtp,
    })
    expect(again.json().payment_status).toBe('paid')
    expect(confirms()).toBe(before)
    // A paid order takes no new attempt.
    expect(
      (
        await payCall(ctx.app, order, 'POST', '/wallet', { gateway: 'edfali', mobile_number: '0921234567' })
      ).json().code,
    ).toBe('PAYMENT_NOT_PAYABLE')
  })

  it('a double submit of one code creates one payment and charges once', async () => {
    const p = await product()
    const order = await placeOnlineOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 1 }] })
    const start = await payCall(ctx.app, order, 'POST', '/wallet', {
      gateway: 'sadadapi',
      mobile_number: '0931234567',
      birth_year: 1985,
    })
    const before = confirms()
    plutu.confirmDelayMs = 400
    try {
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          payCall(ctx.app, order, 'POST', '/wallet/confirm', {
            payment_id: start.json().payment_id,
            otp: plutu.sadadOtp,
          }),
        ),
      )
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200])
      expect(answers.every((a) => a.json().payment_status === 'paid')).toBe(true)
    } finally {
      plutu.confirmDelayMs = 0
    }
    expect(confirms() - before).toBe(1)
    const rows = await paymentRows(ctx.app, order.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.state).toBe('paid')
  })

  it('Edfali takes a 4-digit code; a wallet that refuses is a translated 422 with the provider’s words and a failed attempt', async () => {
    const p = await product()
    const order = await placeOnlineOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 1 }] })
    const refused = await payCall(
      ctx.app,
      order,
      'POST',
      '/wallet',
      { gateway: 'edfali', mobile_number: '0920000000' },
      'ar',
    )
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toEqual({
      code: 'PAYMENT_REFUSED',
      message: 'لا يوجد حساب بهذا الرقم لدى خدمة الدفع هذه',
    })
    expect((await orderRow(ctx.app, order.id)).paymentStatus).toBe('failed')

    const start = await payCall(ctx.app, order, 'POST', '/wallet', {
      gateway: 'edfali',
      mobile_number: '٠٩٢١٢٣٤٥٦٧',
    })
    expect(start.json()).toMatchObject({ otp_length: 4 })
    const paid = await payCall(ctx.app, order, 'POST', '/wallet/confirm', {
      payment_id: start.json().payment_id,
      otp: plutu.edfaliOtp,
    })
    expect(paid.json()).toMatchObject({ payment_status: 'paid' })
    // The failed attempt stays on record; the second reference is the order number with -2.
    expect((await paymentRows(ctx.app, order.id)).map((r) => [r.state, r.invoiceNo])).toEqual([
      ['failed', order.order_number],
      ['paid', `${order.order_number}-2`],
    ])
  })

  it('refuses bad wallet input with field errors before calling Plutu', async () => {
    const p = await product()
    const order = await placeOnlineOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 1 }] })
    const calls = plutu.calls.length
    const sadad092 = await payCall(ctx.app, order, 'POST', '/wallet', {
      gateway: 'sadadapi',
      mobile_number: '0921234567',
      birth_year: 1990,
    })
    expect(sadad092.statusCode).toBe(422)
    expect(sadad092.json().errors).toEqual({
      mobile_number: ['Sadad works with numbers starting with 091 or 093'],
    })
    const noYear = await payCall(ctx.app, order, 'POST', '/wallet', {
      gateway: 'sadadapi',
      mobile_number: '0911234567',
    })
    expect(noYear.json().errors).toEqual({
      birth_year: ['Enter the birth year of the number’s owner, such as 1990'],
    })
    const badCode = await payCall(ctx.app, order, 'POST', '/wallet/confirm', { payment_id: 1, otp: '12ab' })
    expect(badCode.json().errors).toEqual({ otp: ['Enter the code sent to your phone (digits only)'] })
    expect(
      (await payCall(ctx.app, order, 'POST', '/wallet', { gateway: 'tlync', mobile_number: '0911234567' }))
        .statusCode,
    ).toBe(422)
    expect(plutu.calls.length).toBe(calls)
    expect(await paymentRows(ctx.app, order.id)).toHaveLength(0)
  })

  it('local card: redirect → signed return → paid; the same return twice changes nothing', async () => {
    const p = await product()
    const order = await placeOnlineOrder(ctx.app, {
      cityId,
      items: [{ product_id: p.id, quantity: 1 }],
      lang: 'en',
    })
    const start = await payCall(ctx.app, order, 'POST', '/redirect', { gateway: 'localbankcards' })
    expect(start.statusCode).toBe(200)
    expect(start.json()).toMatchObject({
      amount: 34.95,
      currency: 'LYD',
      exchange_rate: null,
      redirect_url: expect.stringContaining(`${plutu.origin}/checkout/`),
    })
    expect(plutu.calls.at(-1)!.fields).toMatchObject({
      amount: '34.95',
      invoice_no: order.order_number,
      return_url: 'http://shop.test/api/payments/plutu/return',
      lang: 'en',
    })

    const back = await followToShop(`${start.json().redirect_url}/pay`)
    expect(back).toMatch(/^\/api\/payments\/plutu\/return\?gateway=localbankcards&approved=1&/)
    const res = await ctx.app.inject({ method: 'GET', url: back })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(`/payment/success?order=${order.id}`)
    const [row] = await paymentRows(ctx.app, order.id)
    expect(row).toMatchObject({
      state: 'paid',
      providerTxnId: plutu.paid.get(order.order_number)!.transactionId,
    })
    expect((await orderRow(ctx.app, order.id)).paymentStatus).toBe('paid')

    const events = (await eventRows(ctx.app, row!.id)).length
    const history = (await historyRows(ctx.app, order.id)).length
    const replay = await ctx.app.inject({ method: 'GET', url: back })
    expect(replay.headers.location).toBe(`/payment/success?order=${order.id}`)
    expect(await eventRows(ctx.app, row!.id)).toHaveLength(events)
    expect(await historyRows(ctx.app, order.id)).toHaveLength(history)
    // The raw return is kept as it arrived.
    expect((await eventRows(ctx.app, row!.id))[0]!.payload).toMatchObject({
      gateway: 'localbankcards',
      approved: '1',
      invoice_no: order.order_number,
      amount: '34.95',
    })
  })

  it('international cards (MPGS) pay the order in dollars at the staff’s rate, signed with the currency', async () => {
    await setSetting(ctx.app, 'usd_exchange_rate', '5')
    try {
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/payments/methods' })).json().massarat.gateways,
      ).toContain('mpgs')
      const p = await product()
      const order = await placeOnlineOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 1 }] })
      expect((await payCall(ctx.app, order, 'GET', '')).json().usd).toEqual({
        amount: 6.99,
        exchange_rate: 5,
      })
      const start = await payCall(ctx.app, order, 'POST', '/redirect', {
        gateway: 'mpgs',
        expected_amount: 6.99,
      })
      expect(start.json()).toMatchObject({ amount: 6.99, currency: 'USD', exchange_rate: 5 })
      expect(plutu.calls.at(-1)).toMatchObject({
        gateway: 'mpgs',
        action: 'confirm',
        fields: { amount: '6.99' },
      })
      const back = await followToShop(`${start.json().redirect_url}/pay`)
      expect(back).toContain('currency=USD')
      expect((await ctx.app.inject({ method: 'GET', url: back })).headers.location).toBe(
        `/payment/success?order=${order.id}`,
      )
      expect((await paymentRows(ctx.app, order.id))[0]).toMatchObject({
        state: 'paid',
        currency: 'USD',
        amount: 6.99,
        exchangeRate: 5,
        orderAmount: 34.95,
      })
    } finally {
      await setSetting(ctx.app, 'usd_exchange_rate', '')
    }
  })

  it('refuses a forged return (changed field, another key, no hash) and changes nothing', async () => {
    const p = await product()
    const order = await placeOnlineOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 1 }] })
    await payCall(ctx.app, order, 'POST', '/redirect', { gateway: 'localbankcards' })
    const fields: [string, string][] = [
      ['gateway', 'localbankcards'],
      ['approved', '1'],
      ['invoice_no', order.order_number],
      ['amount', '34.95'],
      ['transaction_id', '777'],
    ]
    const forged = [
      plutu.signedReturn(fields).replace('amount=34.95', 'amount=1.00'),
      plutu.signedReturn(fields, 'sk_someone_else'),
      plutu.signedReturn(fields).replace(/&hashed=.*/, ''),
      // PHP reads a repeated name's last value: a second amount is a changed amount.
      plutu.signedReturn(fields).replace('amount=34.95', 'amount=34.95&amount=1.00'),
    ]
    for (const query of forged) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/payments/plutu/return?${query}` })
      expect(res.statusCode).toBe(303)
      expect(res.headers.location).toBe('/payment/failed?reason=unverified')
    }
    const [row] = await paymentRows(ctx.app, order.id)
    expect(row).toMatchObject({ state: 'pending', providerTxnId: null })
    expect(await eventRows(ctx.app, row!.id)).toHaveLength(0)
    expect((await orderRow(ctx.app, order.id)).paymentStatus).toBe('pending')
  })

  it('flags an amount the gateway took that is not the order’s: not paid', async () => {
    const p = await product()
    const order = await placeOnlineOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 1 }] })
    const start = await payCall(ctx.app, order, 'POST', '/redirect', { gateway: 'localbankcards' })
    plutu.amountOverride = '1.00'
    let back: string
    try {
      back = await followToShop(`${start.json().redirect_url}/pay`)
    } finally {
      plutu.amountOverride = null
    }
    const res = await ctx.app.inject({ method: 'GET', url: back })
    expect(res.headers.location).toBe(`/payment/failed?order=${order.id}&reason=amount_mismatch`)
    const [row] = await paymentRows(ctx.app, order.id)
    expect(row).toMatchObject({ state: 'failed', failureCode: 'amount_mismatch', flag: 'amount_mismatch' })
    expect((await orderRow(ctx.app, order.id)).paymentStatus).toBe('failed')
    // The amount reads as the gateway reported it (1.00 dinar), not in hundredths, for the shopper and for staff.
    const view = await payCall(ctx.app, order, 'GET', '', undefined, 'ar')
    expect(view.json().attempts[0]).toMatchObject({
      failure_code: 'amount_mismatch',
      failure:
        'أبلغت خدمة الدفع عن مبلغ مختلف (1.00 LYD)، لذلك لم نقبل الدفع. إذا خُصم مال من حسابك فتواصل معنا برقم الطلب',
    })
    const admin = await createUser(ctx.app, 'admin')
    const staff = await ctx.app.inject({
      method: 'GET',
      url: `/api/payments?order_id=${order.id}`,
      headers: admin.headers,
    })
    expect(staff.json().data[0]).toMatchObject({ failure: 'amount_mismatch: 1.00 LYD' })
  })

  it('a cancelled card page keeps the order and its stock; the shopper can then pay on delivery', async () => {
    const p = await product()
    const order = await placeOnlineOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 3 }] })
    const start = await payCall(ctx.app, order, 'POST', '/redirect', { gateway: 'localbankcards' })
    const res = await ctx.app.inject({
      method: 'GET',
      url: await followToShop(`${start.json().redirect_url}/cancel`),
    })
    expect(res.headers.location).toBe(`/payment/cancelled?order=${order.id}`)
    expect((await paymentRows(ctx.app, order.id))[0]).toMatchObject({
      state: 'failed',
      failureCode: 'canceled',
    })
    expect(await orderRow(ctx.app, order.id)).toMatchObject({
      orderStatus: 'pending',
      paymentStatus: 'failed',
    })
    expect(await stockOf(ctx.app, p.id)).toBe(17)

    const cash = await payCall(ctx.app, order, 'POST', '/cash')
    expect(cash.statusCode).toBe(200)
    expect(cash.json()).toMatchObject({
      payment_method: 'cash',
      payment_status: 'pending',
      due_at: null,
      payable: false,
    })
    expect(await orderRow(ctx.app, order.id)).toMatchObject({ paymentMethod: 'cash', orderStatus: 'pending' })
    expect(await stockOf(ctx.app, p.id)).toBe(17)
  })

  it("pays on delivery instead only where the city takes cash for the order's total, as at checkout", async () => {
    const p = await product()
    const noCash = await createCity(ctx.app, {
      name: 'غات',
      translations: { en: { name: 'Ghat' } },
      deliveryPrice: 10,
      codAllowed: false,
    })
    const capped = await createCity(ctx.app, { name: 'سبها', deliveryPrice: 10, codMaxTotal: 50 })
    const inGhat = await placeOnlineOrder(ctx.app, {
      cityId: noCash.id,
      items: [{ product_id: p.id, quantity: 1 }],
    })
    expect((await payCall(ctx.app, inGhat, 'GET', '')).json().cash_on_delivery).toBe(false)
    const refused = await payCall(ctx.app, inGhat, 'POST', '/cash')
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({
      code: 'COD_NOT_AVAILABLE',
      message: 'Cash on delivery is not available in Ghat. Please choose another payment method',
    })
    expect(await orderRow(ctx.app, inGhat.id)).toMatchObject({
      paymentMethod: 'massarat',
      orderStatus: 'pending',
    })
    expect((await payCall(ctx.app, inGhat, 'GET', '')).json()).toMatchObject({
      payable: true,
      payment_method: 'massarat',
    })

    const over = await placeOnlineOrder(ctx.app, {
      cityId: capped.id,
      items: [{ product_id: p.id, quantity: 2 }],
    }) // 59.90 > 50
    expect((await payCall(ctx.app, over, 'GET', '')).json().cash_on_delivery).toBe(false)
    expect((await payCall(ctx.app, over, 'POST', '/cash', undefined, 'ar')).json()).toMatchObject({
      code: 'COD_LIMIT_EXCEEDED',
    })
    const under = await placeOnlineOrder(ctx.app, {
      cityId: capped.id,
      items: [{ product_id: p.id, quantity: 1 }],
    }) // 34.95
    expect((await payCall(ctx.app, under, 'GET', '')).json().cash_on_delivery).toBe(true)
    expect((await payCall(ctx.app, under, 'POST', '/cash')).statusCode).toBe(200)
  })

  it('Plutu down: 503 with a translated message, the attempt failed, the order still payable', async () => {
    const p = await product()
    const order = await placeOnlineOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 1 }] })
    plutu.down = true
    try {
      const res = await payCall(ctx.app, order, 'POST', '/redirect', { gateway: 'localbankcards' }, 'ar')
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({
        code: 'PAYMENT_PROVIDER_UNAVAILABLE',
        message: 'خدمة الدفع لا تستجيب. حاول مرة أخرى بعد قليل أو اختر طريقة أخرى',
      })
    } finally {
      plutu.down = false
    }
    expect((await paymentRows(ctx.app, order.id))[0]).toMatchObject({
      state: 'failed',
      failureCode: 'unavailable',
    })
    expect((await payCall(ctx.app, order, 'GET', '')).json()).toMatchObject({
      payable: true,
      payment_status: 'failed',
    })
  })
})

describe('payment methods that are not configured', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestApp()
  })
  afterAll(() => ctx.close())

  it('are not offered, and an order that names one is refused with a translated 422 and takes no stock', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/payments/methods' })).json()).toEqual({
      methods: ['cash'],
      massarat: null,
      paypal: null,
    })
    const city = await createCity(ctx.app)
    const p = await createProduct(ctx.app, { stock: 5 })
    for (const method of ['massarat', 'paypal'] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'accept-language': 'en' },
        payload: {
          customer_name: 'س',
          customer_email: 'a@b.ly',
          customer_phone: '0912345678',
          shipping_address: 'طرابلس',
          city_id: city.id,
          payment_method: method,
          items: [{ product_id: p.id, quantity: 1 }],
        },
      })
      expect(res.statusCode).toBe(422)
      expect(res.json()).toEqual({
        code: 'PAYMENT_METHOD_UNAVAILABLE',
        message: 'This payment method is not available; choose another one',
        errors: { payment_method: ['This payment method is not available; choose another one'] },
      })
    }
    expect(await stockOf(ctx.app, p.id)).toBe(5)
  })
})
