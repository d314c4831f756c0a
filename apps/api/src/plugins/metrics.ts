import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client'
import { PAYMENT_METHODS } from '@shop/shared/schemas/order'
import { isInProcess } from './logging.ts'
import { createMetricsGuard } from './metrics-access.ts'
import { registerDatabaseMetrics } from './metrics-database.ts'

/**
 * Decision 0041: Prometheus metrics at GET /metrics. Counters and histograms are per process (sum them over the
 * processes); the mail queue, low stock and the last order are read from the database at scrape time.
 */

/** Memory, CPU, event-loop lag, GC: one set per process, however many apps a test process builds. */
let processRegistry: Registry | null = null
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: { contentType: string; text(): Promise<string> }
  }
}

const CHECKOUT_ROUTE = '/api/orders'
/** Refusals the owner watches; present at 0 from the start so that rate() and alerts work before the first. */
const CHECKOUT_REFUSALS = ['OUT_OF_STOCK', 'PRICE_CHANGED', 'PRODUCT_UNAVAILABLE', 'VALIDATION_FAILED']

/**
 * The route a request matched, as registered (`/api/products/:id`), so that ids do not make new series. Pages of the
 * storefront are answered by the not-found handler (the app's shell, server-rendered pages) and files of the web
 * build each have their own route: both are grouped.
 */
function routeLabel(request: FastifyRequest, status: number): string {
  const route = request.routeOptions.url
  if (route === undefined) return status === 404 ? '(unmatched)' : '(page)'
  if (!route.startsWith('/api/') && /\.[A-Za-z0-9]+$/.test(route)) return '(static file)'
  return route
}

/** The `code` of the shop's error body (a fixed set, decision 0041: no unbounded label values). */
function errorCode(body: string): string {
  try {
    const code = (JSON.parse(body) as { code?: unknown }).code
    return typeof code === 'string' && /^[A-Z_]{2,40}$/.test(code) ? code : 'OTHER'
  } catch {
    return 'OTHER'
  }
}

async function metricsPluginImpl(app: FastifyInstance) {
  const registry = new Registry()
  const registers = [registry]
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer each HTTP request by method, route and status (its _count is the request count)',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })
  const ordersPlaced = new Counter({
    name: 'shop_orders_placed_total',
    help: 'Orders placed through this process, by payment method',
    labelNames: ['payment_method'],
    registers,
  })
  for (const method of PAYMENT_METHODS) ordersPlaced.inc({ payment_method: method }, 0)
  const refusals = new Counter({
    name: 'shop_checkout_refusals_total',
    help: 'Orders refused at checkout by this process, by the error code the shopper was answered with',
    labelNames: ['code'],
    registers,
  })
  for (const code of CHECKOUT_REFUSALS) refusals.inc({ code }, 0)
  const stopTiming = registerDatabaseMetrics(registry, app.database, {
    smtpConfigured: Boolean(app.config.SMTP_URL),
  })
  app.addHook('onClose', async () => {
    stopTiming()
  })

  app.addHook('onResponse', async (request, reply) => {
    // A storefront render's in-process reads are part of its page's request, not traffic of their own.
    if (isInProcess(request)) return
    requestDuration.observe(
      {
        method: request.method,
        route: routeLabel(request, reply.statusCode),
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    )
  })

  // Counted from the checkout's answers, so the checkout's code stays as it is: 201 is a new order (a retry with the
  // same Idempotency-Key answers 200 with the first), a 4xx carries the code the shopper was shown.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'POST' || request.routeOptions.url !== CHECKOUT_ROUTE || reply.statusCode !== 201)
      return
    const method = (request.body as { payment_method?: string } | undefined)?.payment_method
    ordersPlaced.inc({ payment_method: PAYMENT_METHODS.includes(method as never) ? method : 'other' })
  })
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.method === 'POST' &&
      request.routeOptions.url === CHECKOUT_ROUTE &&
      reply.statusCode >= 400 &&
      reply.statusCode < 500 &&
      typeof payload === 'string'
    ) {
      refusals.inc({ code: errorCode(payload) })
    }
    return payload
  })

  app.decorate('metrics', {
    contentType: registry.contentType,
    text: async () => `${await processMetrics().metrics()}\n${await registry.metrics()}`,
  })
}

export const metricsPlugin = fp(metricsPluginImpl, { name: 'metricsPlugin' })

/** GET /metrics in Prometheus' text format, for the allowed addresses or the metrics token (decision 0041). */
export async function metricsRoutes(app: FastifyInstance) {
  const guard = createMetricsGuard({
    METRICS_ALLOW: app.config.METRICS_ALLOW,
    METRICS_TOKEN: app.config.METRICS_TOKEN,
    proxyTrusted: !['false', ''].includes(app.config.TRUST_PROXY),
  })
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    guard(request)
    return reply
      .type(app.metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await app.metrics.text())
  })
}
