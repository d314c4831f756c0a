import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { CheckoutHeaders, CreateOrderInput, Order, Quote, QuoteInput } from '@shop/shared/schemas/order'
import { isStaff } from '../../plugins/auth.ts'
import { orderHitLimits, orderLimits } from '../../domain/abuse-limits.ts'
import { availablePaymentMethods, paymentExpiryMinutes } from '../../domain/payment-methods.ts'
import { buyerOf } from '../../domain/order-contact.ts'
import { quoteCart } from './cart-pricing.ts'
import { placeOrder } from './checkout.service.ts'

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/quote',
    {
      config: { access: 'public' },
      // A signed-in shopper's own uses of an offer count against its per-customer limit (decision 0170).
      preValidation: app.guards.optionalUser,
      schema: {
        tags: ['orders'],
        summary: "The server's prices, discounts, availability and delivery for a cart (writes nothing)",
        body: QuoteInput,
        response: { 200: Quote },
      },
    },
    async (request) => quoteCart(app.db, request.body, request.lang, request.user?.id ?? null),
  )

  app.post(
    '/orders',
    {
      config: { access: 'public' },
      preValidation: app.guards.optionalUser,
      schema: {
        tags: ['orders'],
        summary: 'Place an order (guest or shopper); prices, delivery and totals are computed by the server',
        headers: CheckoutHeaders,
        body: CreateOrderInput,
        response: { 200: Order, 201: Order },
      },
    },
    async (request, reply) => {
      const offered = await availablePaymentMethods(app.db, app.config)
      const staff = isStaff(request.user)
      const limits = app.abuseLimits && !staff ? await orderLimits(app.db) : null
      const buyer = buyerOf(request.body)
      const { order, created } = await placeOrder(app.db, request.body, {
        limits: limits
          ? {
              hits: orderHitLimits(
                limits,
                { customer_phone: buyer.phone, customer_email: buyer.email },
                request.ip,
              ),
              pendingCashCap: limits.max_pending_cash_orders_per_phone,
            }
          : undefined,
        payments: {
          methods: offered.methods,
          holdMinutes: request.body.payment_method === 'cash' ? 0 : await paymentExpiryMinutes(app.db),
        },
        userId: request.user?.id ?? null,
        staff,
        actor: app.actorOf(request),
        lang: request.lang,
        idempotencyKey: request.headers['idempotency-key'],
      })
      return reply.code(created ? 201 : 200).send(order)
    },
  )
}
