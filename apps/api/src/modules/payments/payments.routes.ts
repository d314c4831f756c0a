import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idParam } from '@shop/shared/schemas/common'
import {
  OrderPayment,
  PAYMENT_TOKEN_HEADER,
  PaymentMethods,
  PaymentTokenHeaders,
  RedirectStart,
  RedirectStartInput,
  StaffPayment,
  StaffPayments,
  StaffPaymentsQuery,
  WalletConfirmInput,
  WalletStart,
  WalletStartInput,
} from '@shop/shared/schemas/payment'
import { availablePaymentMethods } from '../../domain/payment-methods.ts'
import { startPaymentSweep } from './payment-expiry.ts'
import { checkPayment, listOrderPayments, refundPayment, resolveFlag } from './payments-admin.service.ts'
import {
  confirmWallet,
  createProviders,
  getOrderPayment,
  paypalCancel,
  paypalReturn,
  paypalWebhook,
  plutuReturn,
  releaseOrder,
  startRedirect,
  startWallet,
  switchToCash,
  type PaymentContext,
} from './payments.service.ts'

const tokenOf = (headers: Record<string, unknown>) => {
  const v = headers[PAYMENT_TOKEN_HEADER]
  return typeof v === 'string' ? v : undefined
}
const rawQuery = (url: string) => {
  const i = url.indexOf('?')
  return i < 0 ? '' : url.slice(i + 1)
}
const shopper = { tags: ['payments'], headers: PaymentTokenHeaders, params: idParam }

/** Online payments (docs/payments.md): the shopper's payment step, the providers' returns and webhooks, staff. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: PaymentContext = {
    db: app.db,
    env: app.config,
    appUrl: app.appUrl,
    providers: createProviders(app.config),
    log: app.log,
    limits: app.abuseLimits,
  }

  // Decision 0076: this process's share of ending unpaid orders whose time ran out.
  let stopSweep = () => {}
  app.addHook('onReady', async () => {
    stopSweep = startPaymentSweep(
      app.db,
      app.config.PAYMENT_SWEEP_SECONDS,
      app.log,
      () => app.lifecycle.state === 'ready',
    )
  })
  app.addHook('onClose', async () => stopSweep())

  app.get(
    '/payments/methods',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'The payment methods the checkout offers now (only the configured ones)',
        response: { 200: PaymentMethods },
      },
    },
    async () => availablePaymentMethods(app.db, app.config),
  )

  app.get(
    '/payments/orders/:id',
    {
      config: { access: 'public' },
      schema: {
        ...shopper,
        summary: "An order's payment, for the browser that placed it (X-Payment-Token)",
        response: { 200: OrderPayment },
      },
    },
    async (request) => getOrderPayment(ctx, request.params.id, tokenOf(request.headers), request.lang),
  )

  app.post(
    '/payments/orders/:id/wallet',
    {
      config: { access: 'public' },
      schema: {
        ...shopper,
        summary: 'Sadad or Edfali: send the shopper a code for this order',
        body: WalletStartInput,
        response: { 200: WalletStart },
      },
    },
    async (request) =>
      startWallet(ctx, request.params.id, tokenOf(request.headers), request.body, request.ip, request.lang),
  )

  app.post(
    '/payments/orders/:id/wallet/confirm',
    {
      config: { access: 'public' },
      schema: {
        ...shopper,
        summary: 'Sadad or Edfali: pay with the code the shopper received',
        body: WalletConfirmInput,
        response: { 200: OrderPayment },
      },
    },
    async (request) =>
      confirmWallet(ctx, request.params.id, tokenOf(request.headers), request.body, request.ip),
  )

  app.post(
    '/payments/orders/:id/redirect',
    {
      config: { access: 'public' },
      schema: {
        ...shopper,
        summary: 'A local card page (Plutu) or PayPal approval for this order: where to send the shopper',
        body: RedirectStartInput,
        response: { 200: RedirectStart },
      },
    },
    async (request) =>
      startRedirect(ctx, request.params.id, tokenOf(request.headers), request.body, request.ip, request.lang),
  )

  app.post(
    '/payments/orders/:id/cash',
    {
      config: { access: 'public' },
      schema: { ...shopper, summary: 'Pay this order on delivery instead', response: { 200: OrderPayment } },
    },
    async (request) =>
      switchToCash(ctx, request.params.id, tokenOf(request.headers), request.lang, request.ip),
  )

  app.post(
    '/payments/orders/:id/release',
    {
      config: { access: 'public' },
      schema: {
        ...shopper,
        summary: 'Give up this unpaid order now: its stock goes back',
        response: { 200: OrderPayment },
      },
    },
    async (request) => releaseOrder(ctx, request.params.id, tokenOf(request.headers), request.ip),
  )

  // The providers send the shopper's browser back to these (GET): verified, recorded, then on to a result page.
  const back = {
    tags: ['payments'],
    querystring: z.looseObject({}),
    response: { 303: z.null().describe('See Other: the result page') },
  }
  app.get(
    '/payments/plutu/return',
    {
      config: { access: 'public' },
      schema: { ...back, summary: "Plutu's card page returns the shopper here (signed)" },
    },
    async (request, reply) =>
      reply.redirect(await plutuReturn(ctx, rawQuery(request.raw.url ?? ''), request.ip), 303),
  )
  app.get(
    '/payments/paypal/return',
    {
      config: { access: 'public' },
      schema: { ...back, summary: 'PayPal returns an approving shopper here; the payment is captured' },
    },
    async (request, reply) =>
      reply.redirect(await paypalReturn(ctx, rawQuery(request.raw.url ?? ''), request.ip), 303),
  )
  app.get(
    '/payments/paypal/cancel',
    {
      config: { access: 'public' },
      schema: { ...back, summary: 'PayPal returns a shopper who cancelled here' },
    },
    async (request, reply) =>
      reply.redirect(await paypalCancel(ctx, rawQuery(request.raw.url ?? ''), request.ip), 303),
  )

  // PayPal's webhook needs the body exactly as sent (its signature covers it): read as text in this scope only.
  await app.register(async (hooks) => {
    hooks.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_request, body, done) => done(null, body),
    )
    hooks.post(
      '/payments/paypal/webhook',
      {
        config: { access: 'public' },
        schema: {
          tags: ['payments'],
          summary: "PayPal's webhook: verified with PayPal before it changes anything",
          response: { 200: z.object({ ok: z.literal(true) }) },
        },
      },
      async (request) => {
        await paypalWebhook(
          ctx,
          typeof request.body === 'string' ? request.body : '',
          request.headers,
          request.ip,
        )
        return { ok: true as const }
      },
    )
  })

  // Staff.
  const staff = { tags: ['payments'], security: [{ bearer: [] }] }
  app.get(
    '/payments',
    {
      config: { access: 'payments.view' },
      schema: {
        ...staff,
        summary: "Staff: an order's payment attempts with the providers' ids",
        querystring: StaffPaymentsQuery,
        response: { 200: StaffPayments },
      },
    },
    async (request) => ({ data: await listOrderPayments(ctx, request.query.order_id) }),
  )
  app.post(
    '/payments/:id/refund',
    {
      config: { access: 'payments.manage' },
      schema: {
        ...staff,
        summary: 'Staff: refund a paid attempt through its provider (PayPal)',
        params: idParam,
        response: { 200: StaffPayment },
      },
    },
    async (request) => refundPayment(ctx, request.params.id, app.actorOf(request)),
  )
  app.post(
    '/payments/:id/check',
    {
      config: { access: 'payments.manage' },
      schema: {
        ...staff,
        summary: 'Staff: ask the provider what it holds for this attempt (PayPal)',
        params: idParam,
        response: { 200: StaffPayment },
      },
    },
    async (request) => checkPayment(ctx, request.params.id, app.actorOf(request)),
  )
  app.post(
    '/payments/:id/flag/resolve',
    {
      config: { access: 'payments.manage' },
      schema: {
        ...staff,
        summary: "Staff: mark an attempt's flag as seen",
        params: idParam,
        response: { 200: StaffPayment },
      },
    },
    async (request) => resolveFlag(ctx, request.params.id, request.user!.id, app.actorOf(request)),
  )
}
