import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { orders } from '../../db/schema/orders.ts'
import { mailOutbox, settings } from '../../db/schema/settings.ts'
import { whatsappInbox, whatsappMessages } from '../../db/schema/whatsapp.ts'
import { productVariants } from '../../db/schema/catalog.ts'
import { buildApp, type App } from '../../app.ts'
import {
  createCity,
  createProduct,
  createStaff,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts'
import { startWhatsAppFake, type WhatsAppFake } from '../../../test/fakes/whatsapp-fake.ts'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { WHATSAPP_EVENTS, WHATSAPP_TEMPLATES, whatsappDigits } from './templates.ts'

// Issue 41 (decision 0236): WhatsApp order messages against a contract fake of the Cloud API, on the suite's database
// (PGlite, and PostgreSQL in the api-postgres run).

let fake: WhatsAppFake
let ctx: TestContext
const fast = { pollMs: 60_000, backoffMs: 1, maxBackoffMs: 1, maxAttempts: 5 }

beforeAll(async () => {
  fake = await startWhatsAppFake()
  ctx = await createTestApp({ env: fake.env(), whatsapp: fast })
})
afterAll(async () => {
  await ctx?.close()
  await fake?.close()
})
beforeEach(() => {
  fake.sent.length = 0
  fake.down = false
  fake.undeliverable.clear()
})
afterEach(async () => {
  await ctx.app.db.delete(settings).where(eq(settings.key, 'channel_order_confirmed'))
})

let seq = 0
async function placeCashOrder(
  app: App,
  options: { whatsapp?: string; optIn?: boolean; lang?: 'ar' | 'en'; method?: string; stock?: number } = {},
) {
  const city = await createCity(app, { name: `مصراتة ${++seq}` })
  const product = await createProduct(app, { stock: options.stock ?? 20 })
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'accept-language': options.lang ?? 'ar' },
    payload: {
      customer: {
        first_name: 'سالم',
        last_name: 'الورفلي',
        phone: '0912345678',
        whatsapp: options.whatsapp ?? '0912345678',
        email: `salem${seq}@example.ly`,
        address_line: 'شارع طرابلس',
        city_id: city.id,
        state: 'مصراتة',
      },
      payment_method: options.method ?? 'cash',
      items: [{ product_id: product.id, quantity: 2 }],
      ...(options.optIn === undefined ? {} : { whatsapp_opt_in: options.optIn }),
    },
  })
  expect(res.statusCode, res.body).toBe(201)
  return { order: res.json() as { id: number; order_number: string; total_amount: number }, product }
}

async function outgoing(app: App, orderId: number) {
  return app.db
    .select()
    .from(whatsappMessages)
    .where(eq(whatsappMessages.orderId, orderId))
    .orderBy(whatsappMessages.id)
}

async function postWebhook(app: App, body: unknown, secret?: string) {
  const signed = fake.signed(body, secret)
  return app.inject({
    method: 'POST',
    url: '/api/whatsapp/webhook',
    headers: signed.headers,
    payload: signed.body,
  })
}

/** The webhook's work happens after its answer: wait for the inbox round, then the sends it caused. */
async function settle(app: App) {
  await app.whatsapp.handleInbox()
  await app.whatsapp.deliverDue()
}

async function statusOf(app: App, id: number) {
  const [row] = await app.db
    .select({ status: orders.orderStatus, payment: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, id))
  return row!
}

describe('templates and numbers', () => {
  it('lists every template the shop sends in docs/operations.md as the owner must submit it (name, both bodies, buttons)', () => {
    const docs = readFileSync(
      fileURLToPath(new URL('../../../../../docs/operations.md', import.meta.url)),
      'utf8',
    )
    for (const event of WHATSAPP_EVENTS) {
      const template = WHATSAPP_TEMPLATES[event]
      expect(docs).toContain(`\`${template.name}\` (setting \`whatsapp_template_${event}\`)`)
      expect(docs).toContain(template.body.ar)
      expect(docs).toContain(template.body.en)
      for (const button of template.buttons ?? []) expect(docs).toContain(`«${button.ar}» / "${button.en}"`)
    }
  })

  it('turns the numbers shoppers type into international digits', () => {
    expect(whatsappDigits('0912345678')).toBe('218912345678')
    expect(whatsappDigits('912345678')).toBe('218912345678')
    expect(whatsappDigits('+218 91-234-5678')).toBe('218912345678')
    expect(whatsappDigits('00218912345678')).toBe('218912345678')
    expect(whatsappDigits('٠٩١٢٣٤٥٦٧٨')).toBe('218912345678')
    expect(whatsappDigits('+216 20 123 456')).toBe('21620123456')
    expect(whatsappDigits('abc')).toBeNull()
    expect(whatsappDigits('')).toBeNull()
  })
})

describe('messages to the shopper', () => {
  it('sends one Arabic confirmation request with two buttons for a cash order, after the answer, with the stored figures', async () => {
    const { order } = await placeCashOrder(ctx.app)
    const [queued] = await outgoing(ctx.app, order.id)
    expect(queued).toMatchObject({
      direction: 'out',
      event: 'confirm_request',
      status: 'queued',
      number: '218912345678',
    })
    await ctx.app.whatsapp.deliverDue()
    expect(fake.sent).toHaveLength(1)
    const sent = fake.sent[0]!
    expect(sent).toMatchObject({ to: '218912345678', template: 'order_confirm_request', language: 'ar' })
    expect(sent.parameters[0]).toBe(order.order_number)
    expect(sent.parameters[1]).toContain(order.total_amount.toFixed(2))
    expect(sent.parameters[3]).toMatch(/^http:\/\/shop\.test\/track\?/)
    expect(sent.buttons).toEqual([`confirm:${order.order_number}`, `cancel:${order.order_number}`])
    const [row] = await outgoing(ctx.app, order.id)
    expect(row).toMatchObject({ status: 'sent', waId: sent.id })
    // Sent once: another round finds nothing.
    await ctx.app.whatsapp.deliverDue()
    expect(fake.sent).toHaveLength(1)
  })

  it('writes in English for an English order, and sends nothing to a shopper who declined', async () => {
    const { order } = await placeCashOrder(ctx.app, { lang: 'en' })
    const declined = await placeCashOrder(ctx.app, { optIn: false })
    await ctx.app.whatsapp.deliverDue()
    expect(fake.sent.map((s) => [s.parameters[0], s.language])).toEqual([[order.order_number, 'en']])
    expect(await outgoing(ctx.app, declined.order.id)).toEqual([])
    const answer = await ctx.app.inject({
      method: 'GET',
      url: `/api/track?order=${declined.order.order_number}`,
    })
    expect(answer.statusCode).toBeLessThan(500)
  })

  it('places the order while Meta is down, and sends the message once it is back', async () => {
    fake.down = true
    const { order } = await placeCashOrder(ctx.app)
    await ctx.app.whatsapp.deliverDue()
    expect(fake.sent).toHaveLength(0)
    const [waiting] = await outgoing(ctx.app, order.id)
    // Tried (after the answer, and by this round) and kept for later.
    expect(waiting).toMatchObject({ status: 'queued', waId: null })
    expect(waiting!.attempts).toBeGreaterThanOrEqual(1)
    expect(waiting!.error).toContain('unavailable')
    const status = await ctx.app.inject({
      method: 'GET',
      url: '/api/whatsapp/status',
      headers: (await createStaff(ctx.app, 'order_clerk')).headers,
    })
    expect(status.json()).toMatchObject({ state: 'failing', queued: 1 })
    fake.down = false
    await ctx.app.whatsapp.deliverDue()
    expect(fake.sent.map((s) => s.parameters[0])).toEqual([order.order_number])
    const [row] = await outgoing(ctx.app, order.id)
    expect(row).toMatchObject({ status: 'sent', waId: fake.sent[0]!.id })
    expect(row!.attempts).toBe(waiting!.attempts + 1)
  })

  it('fails at once, without retrying, a number not on WhatsApp (131026) and a missing template (132001)', async () => {
    fake.undeliverable.add('218923456789')
    const { order } = await placeCashOrder(ctx.app, { whatsapp: '0923456789' })
    await ctx.app.whatsapp.deliverDue()
    await ctx.app.whatsapp.deliverDue()
    const [row] = await outgoing(ctx.app, order.id)
    expect(row).toMatchObject({ status: 'failed', errorCode: '131026', attempts: 1 })

    fake.templates.delete('order_confirm_request:ar')
    try {
      const missing = await placeCashOrder(ctx.app)
      await ctx.app.whatsapp.deliverDue()
      const [failed] = await outgoing(ctx.app, missing.order.id)
      expect(failed).toMatchObject({ status: 'failed', errorCode: '132001' })
      const owner = await createStaff(ctx.app, 'owner')
      const status = await ctx.app.inject({
        method: 'GET',
        url: '/api/whatsapp/status',
        headers: owner.headers,
      })
      expect(status.json()).toMatchObject({
        state: 'templates_missing',
        missing_templates: ['order_confirm_request'],
      })
      // The call list has the order whose request never went.
      const call = await ctx.app.inject({
        method: 'GET',
        url: '/api/orders?whatsapp=call&per_page=100',
        headers: owner.headers,
      })
      expect((call.json() as { data: { id: number }[] }).data.map((o) => o.id)).toEqual(
        expect.arrayContaining([order.id, missing.order.id]),
      )
    } finally {
      fake.templates.add('order_confirm_request:ar')
    }
    // Once the template is there, a message of it goes and the channel is working again.
    await placeCashOrder(ctx.app)
    await ctx.app.whatsapp.deliverDue()
    const owner = await createStaff(ctx.app, 'owner')
    const status = await ctx.app.inject({
      method: 'GET',
      url: '/api/whatsapp/status',
      headers: owner.headers,
    })
    expect(status.json()).toMatchObject({ state: 'working', missing_templates: [] })
  })

  it('sends each event once even when two processes deliver at the same moment', async () => {
    const second = await buildApp({
      database: ctx.database,
      env: { APP_URL: 'http://shop.test', PAYMENT_SWEEP_SECONDS: 0, ...fake.env() },
      webDist: '/nonexistent',
      abuseLimits: false,
      whatsapp: fast,
    })
    try {
      const placed = []
      for (let i = 0; i < 4; i++) placed.push((await placeCashOrder(ctx.app)).order)
      await Promise.all([
        ctx.app.whatsapp.deliverDue(),
        second.whatsapp.deliverDue(),
        ctx.app.whatsapp.deliverDue(),
      ])
      await Promise.all([ctx.app.whatsapp.deliverDue(), second.whatsapp.deliverDue()])
      expect(fake.sent.map((s) => s.parameters[0]).sort()).toEqual(placed.map((o) => o.order_number).sort())
    } finally {
      await second.close()
    }
  })
})

describe('the webhook', () => {
  it('answers the subscription check only with the right verify token', async () => {
    const ok = await ctx.app.inject({
      method: 'GET',
      url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${fake.verifyToken}&hub.challenge=1158201444`,
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.body).toBe('1158201444')
    expect(ok.headers['content-type']).toContain('text/plain')
    for (const query of [
      `hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`,
      `hub.mode=unsubscribe&hub.verify_token=${fake.verifyToken}&hub.challenge=1`,
      `hub.challenge=1`,
    ]) {
      const refused = await ctx.app.inject({ method: 'GET', url: `/api/whatsapp/webhook?${query}` })
      expect(refused.statusCode).toBe(403)
      expect(refused.body).not.toContain('1158201444')
    }
  })

  it('refuses a post without a signature or with a wrong one (401) and changes nothing', async () => {
    const { order } = await placeCashOrder(ctx.app)
    await ctx.app.whatsapp.deliverDue()
    const request = fake.sent.at(-1)!
    const reply = fake.buttonReply('218912345678', request.id, `confirm:${order.order_number}`)
    const before = await ctx.app.db.select().from(whatsappInbox)
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(reply.body),
    })
    expect(unsigned.statusCode).toBe(401)
    expect(unsigned.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' })
    const wrong = await postWebhook(ctx.app, reply.body, 'not-the-app-secret')
    expect(wrong.statusCode).toBe(401)
    // Signed, then changed on the way: the signature no longer matches the bytes.
    const signed = fake.signed(reply.body)
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: signed.headers,
      payload: signed.body.replace('confirm:', 'cancel:'),
    })
    expect(tampered.statusCode).toBe(401)
    await settle(ctx.app)
    expect(await ctx.app.db.select().from(whatsappInbox)).toHaveLength(before.length)
    expect(await statusOf(ctx.app, order.id)).toMatchObject({ status: 'pending' })
  })

  it('confirms a cash order from its own number once, even when Meta delivers the reply again, and says so', async () => {
    const { order } = await placeCashOrder(ctx.app)
    await ctx.app.whatsapp.deliverDue()
    const request = fake.sent.at(-1)!
    const reply = fake.buttonReply('218912345678', request.id, `confirm:${order.order_number}`, 'تأكيد الطلب')
    const first = await postWebhook(ctx.app, reply.body)
    expect(first.statusCode).toBe(200)
    const again = await postWebhook(ctx.app, reply.body)
    expect(again.statusCode).toBe(200)
    await settle(ctx.app)
    expect(await statusOf(ctx.app, order.id)).toMatchObject({ status: 'processing' })
    const clerk = await createStaff(ctx.app, 'order_clerk')
    const detail = (
      await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: clerk.headers })
    ).json() as {
      history: { action: string | null; actor: string | null; whatsapp?: string | null }[]
    }
    const confirmations = detail.history.filter((h) => h.action === 'confirmed_on_whatsapp')
    expect(confirmations).toEqual([expect.objectContaining({ actor: 'guest', whatsapp: '218912345678' })])
    // The shopper's "confirmed" message went, once.
    expect(
      fake.sent.filter((s) => s.template === 'order_confirmed' && s.parameters[0] === order.order_number),
    ).toHaveLength(1)
    const messages = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}/messages`,
      headers: clerk.headers,
    })
    expect(messages.statusCode).toBe(200)
    const data = (messages.json() as { data: Record<string, unknown>[] }).data
    const whatsapp = data.filter((m) => m.channel === 'whatsapp')
    expect(whatsapp.map((m) => [m.direction, m.event, m.status])).toEqual([
      ['out', 'confirm_request', 'sent'],
      ['in', 'button', 'received'],
      ['out', 'confirmed', 'sent'],
    ])
    expect(whatsapp[1]).toMatchObject({
      outcome: 'confirmed',
      to_or_from: '218912345678',
      text: 'تأكيد الطلب',
    })
    expect(whatsapp[0]!.text).toContain(order.order_number)
    expect(data.some((m) => m.channel === 'mail' && m.event === 'received')).toBe(true)
    // The filter of the orders confirmed on WhatsApp has it.
    const confirmed = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders?whatsapp=confirmed&per_page=100',
      headers: clerk.headers,
    })
    expect((confirmed.json() as { data: { id: number }[] }).data.map((o) => o.id)).toContain(order.id)
  })

  it('cancels from the order number as the shopper would: stock back once', async () => {
    const { order, product } = await placeCashOrder(ctx.app, { stock: 10 })
    await ctx.app.whatsapp.deliverDue()
    const request = fake.sent.at(-1)!
    const reply = fake.buttonReply('218912345678', request.id, `cancel:${order.order_number}`, 'إلغاء الطلب')
    await postWebhook(ctx.app, reply.body)
    await postWebhook(ctx.app, reply.body)
    await settle(ctx.app)
    expect(await statusOf(ctx.app, order.id)).toMatchObject({ status: 'cancelled' })
    const [pack] = await ctx.app.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id))
    expect(pack!.stock).toBe(10)
    expect(
      fake.sent.filter((s) => s.template === 'order_cancelled' && s.parameters[0] === order.order_number),
    ).toHaveLength(1)
  })

  it('changes nothing for a reply from another number, to an unknown message, or on an order no longer pending', async () => {
    const { order } = await placeCashOrder(ctx.app)
    await ctx.app.whatsapp.deliverDue()
    const request = fake.sent.at(-1)!
    await postWebhook(
      ctx.app,
      fake.buttonReply('218955555555', request.id, `confirm:${order.order_number}`).body,
    )
    await postWebhook(
      ctx.app,
      fake.buttonReply('218912345678', 'wamid.unknown', `confirm:${order.order_number}`).body,
    )
    await settle(ctx.app)
    expect(await statusOf(ctx.app, order.id)).toMatchObject({ status: 'pending' })
    const inbound = (await outgoing(ctx.app, order.id)).filter((m) => m.direction === 'in')
    expect(inbound.map((m) => m.outcome)).toEqual(['wrong_number'])
    const unknown = await ctx.app.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.contextWaId, 'wamid.unknown'))
    expect(unknown).toEqual([expect.objectContaining({ outcome: 'unknown_message', orderId: null })])

    const owner = await createStaff(ctx.app, 'owner')
    await ctx.app.inject({ method: 'POST', url: `/api/orders/${order.id}/confirm`, headers: owner.headers })
    await postWebhook(
      ctx.app,
      fake.buttonReply('218912345678', request.id, `cancel:${order.order_number}`).body,
    )
    await settle(ctx.app)
    expect(await statusOf(ctx.app, order.id)).toMatchObject({ status: 'processing' })
    const last = (await outgoing(ctx.app, order.id)).filter((m) => m.direction === 'in').at(-1)
    expect(last!.outcome).toBe('not_pending')
  })

  it('stores statuses per message, once, whatever their order, with the failure code', async () => {
    const { order } = await placeCashOrder(ctx.app)
    await ctx.app.whatsapp.deliverDue()
    const sent = fake.sent.at(-1)!
    await postWebhook(ctx.app, fake.statuses([{ id: sent.id, status: 'read', to: sent.to }]))
    await postWebhook(ctx.app, fake.statuses([{ id: sent.id, status: 'delivered', to: sent.to }]))
    await settle(ctx.app)
    expect((await outgoing(ctx.app, order.id))[0]).toMatchObject({ status: 'read' })

    const other = await placeCashOrder(ctx.app, { whatsapp: '0944444444' })
    await ctx.app.whatsapp.deliverDue()
    const failing = fake.sent.at(-1)!
    const failed = fake.statuses([{ id: failing.id, status: 'failed', to: failing.to, code: 131026 }])
    await postWebhook(ctx.app, failed)
    await postWebhook(ctx.app, failed)
    await settle(ctx.app)
    expect((await outgoing(ctx.app, other.order.id))[0]).toMatchObject({
      status: 'failed',
      errorCode: '131026',
    })
    const clerk = await createStaff(ctx.app, 'order_clerk')
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders?whatsapp=failed&per_page=100',
      headers: clerk.headers,
    })
    expect((list.json() as { data: { id: number }[] }).data.map((o) => o.id)).toContain(other.order.id)
  })

  it('STOP stops every WhatsApp message to the number (mail goes on); START undoes it', async () => {
    const number = '218933333333'
    const stop = fake.textMessage(number, 'إيقاف')
    await postWebhook(ctx.app, stop.body)
    await settle(ctx.app)
    const { order } = await placeCashOrder(ctx.app, { whatsapp: '0933333333' })
    await ctx.app.whatsapp.deliverDue()
    expect(fake.sent.filter((s) => s.to === number)).toHaveLength(0)
    expect(await outgoing(ctx.app, order.id)).toEqual([])
    const mails = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.eventKey, `order:${order.id}:placed:customer`))
    expect(mails).toHaveLength(1)

    await postWebhook(ctx.app, fake.textMessage(number, 'START').body)
    await settle(ctx.app)
    const next = await placeCashOrder(ctx.app, { whatsapp: '0933333333' })
    await ctx.app.whatsapp.deliverDue()
    expect(fake.sent.filter((s) => s.to === number).map((s) => s.parameters[0])).toEqual([
      next.order.order_number,
    ])
  })

  it("sends the shopper's event only on WhatsApp when the owner chose so, and by mail to whom WhatsApp cannot reach", async () => {
    await ctx.app.db
      .insert(settings)
      .values({ key: 'channel_order_confirmed', value: 'whatsapp' })
      .onConflictDoUpdate({ target: settings.key, set: { value: 'whatsapp' } })
    const owner = await createStaff(ctx.app, 'owner')
    const reached = await placeCashOrder(ctx.app)
    const declined = await placeCashOrder(ctx.app, { optIn: false })
    for (const o of [reached.order, declined.order])
      expect(
        (await ctx.app.inject({ method: 'POST', url: `/api/orders/${o.id}/confirm`, headers: owner.headers }))
          .statusCode,
      ).toBe(200)
    const mailsOf = async (id: number) =>
      (await ctx.app.db.select({ key: mailOutbox.eventKey }).from(mailOutbox)).filter((m) =>
        m.key?.startsWith(`order:${id}:history:`),
      )
    expect(await mailsOf(reached.order.id)).toHaveLength(0)
    expect(await mailsOf(declined.order.id)).toHaveLength(1)
    expect((await outgoing(ctx.app, reached.order.id)).map((m) => m.event)).toEqual([
      'confirm_request',
      'confirmed',
    ])
  })
})

describe('who may read it', () => {
  it('keeps the conversation and the channel state for staff: guests 401, shoppers 403, no orders.view 403', async () => {
    const { order } = await placeCashOrder(ctx.app)
    const shopper = await createUser(ctx.app, 'user')
    const editor = await createStaff(ctx.app, 'catalogue_editor')
    const url = `/api/orders/${order.id}/messages`
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401)
    expect((await ctx.app.inject({ method: 'GET', url, headers: shopper.headers })).statusCode).toBe(403)
    expect((await ctx.app.inject({ method: 'GET', url, headers: editor.headers })).statusCode).toBe(403)
    expect((await ctx.app.inject({ method: 'GET', url: '/api/whatsapp/status' })).statusCode).toBe(401)
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/whatsapp/status', headers: shopper.headers }))
        .statusCode,
    ).toBe(403)
    const owner = await createStaff(ctx.app, 'owner')
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/orders/999999/messages', headers: owner.headers }))
        .statusCode,
    ).toBe(404)
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders?whatsapp=everything',
      headers: owner.headers,
    })
    expect(bad.statusCode).toBe(422)
  })
})

describe('without WhatsApp set up', () => {
  it('works exactly as before: no message written, the webhook refuses, the state says not configured', async () => {
    // Another process of the same shop, started without the WHATSAPP_* secrets.
    const plain = await buildApp({
      database: ctx.database,
      env: { APP_URL: 'http://shop.test', PAYMENT_SWEEP_SECONDS: 0 },
      webDist: '/nonexistent',
      abuseLimits: false,
    })
    try {
      const { order } = await placeCashOrder(plain)
      expect(await outgoing(plain, order.id)).toEqual([])
      const owner = await createStaff(plain, 'owner')
      const state = await plain.inject({ method: 'GET', url: '/api/whatsapp/status', headers: owner.headers })
      expect(state.json()).toMatchObject({ state: 'not_configured', missing_templates: [] })
      const hook = await plain.inject({
        method: 'GET',
        url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=anything&hub.challenge=1`,
      })
      expect(hook.statusCode).toBe(403)
      expect((await postWebhook(plain, { entry: [] })).statusCode).toBe(401)
    } finally {
      await plain.close()
    }
  })
})
