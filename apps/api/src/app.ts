import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { createHash, timingSafeEqual } from 'node:crypto'
import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import { pickLanguage, translate } from '@shop/shared/i18n/messages'
import type { ErrorCode } from '@shop/shared/errors'
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { Database, Db } from './db/client.ts'
import { appUrl, isTrustEveryProxy, loadEnv, TRUST_PROXY_TRUE_REFUSED, type Env } from './env.ts'
import { AppError } from './lib/app-error.ts'
import { createMailer, type Mailer, type MailerOptions } from './lib/mailer.ts'
import { createOrderNotifier } from './domain/notifications/notifier.ts'
import { mailOnOrderEvents, withOrderListeners, type OrderListener } from './domain/order-events.ts'
import { whatsappConfig } from './modules/whatsapp/cloud-api.ts'
import {
  createWhatsAppChannel,
  type WhatsAppChannel,
  type WhatsAppOptions,
} from './modules/whatsapp/channel.ts'
import { enqueueOrderMessage, mailLeftOut } from './modules/whatsapp/outgoing.ts'
import { whatsappRoutes } from './modules/whatsapp/whatsapp.routes.ts'
import { deliveryRoutes } from './modules/delivery/delivery.routes.ts'
import { driverApiRoutes, driverPageRoutes } from './modules/delivery/driver.routes.ts'
import { authRoutes } from './modules/auth/auth.routes.ts'
import { auditRoutes } from './modules/audit/audit.routes.ts'
import { categoriesRoutes } from './modules/catalog/categories.routes.ts'
import { productsRoutes } from './modules/catalog/products.routes.ts'
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts'
import { citiesRoutes } from './modules/cities/cities.routes.ts'
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts'
import { healthRoutes } from './modules/health/health.routes.ts'
import { imagesRoutes } from './modules/images/images.routes.ts'
import { importsRoutes } from './modules/imports/imports.routes.ts'
import { mailRoutes } from './modules/mail/mail.routes.ts'
import { ordersRoutes } from './modules/orders/orders.routes.ts'
import { paymentsRoutes } from './modules/payments/payments.routes.ts'
import { profileRoutes } from './modules/profile/profile.routes.ts'
import { promotionsRoutes } from './modules/promotions/promotions.routes.ts'
import { demoRoutes } from './modules/demo/demo.routes.ts'
import { contentRoutes } from './modules/content/content.routes.ts'
import { settingsRoutes } from './modules/settings/settings.routes.ts'
import { usersRoutes } from './modules/users/users.routes.ts'
import { staffRoutes } from './modules/staff/staff.routes.ts'
import { rolesRoutes } from './modules/roles/roles.routes.ts'
import { trackingRoutes } from './modules/tracking/tracking.routes.ts'
import { stockRoutes } from './modules/stock/stock.routes.ts'
import { authPlugin } from './plugins/auth.ts'
import { auditCheckPlugin } from './plugins/audit-check.ts'
import { errorsPlugin } from './plugins/errors.ts'
import { gracefulClosePlugin } from './plugins/graceful-close.ts'
import { createCatalogVersion } from './modules/catalog/catalog-version.ts'
import { createPublicListCache, type PublicListCache } from './modules/catalog/public-list-cache.ts'
import { createStorefrontCatalog } from './modules/catalog/storefront.service.ts'
import { loggingPlugin, requestId, ShopLogController } from './plugins/logging.ts'
import { metricsPlugin, metricsRoutes } from './plugins/metrics.ts'
import { webDist } from './paths.ts'
import { nonceSource } from './web/csp-nonce.ts'
import { seoRoutes } from './web/seo-routes.ts'
import { createStorefrontData } from './web/storefront-data.ts'
import { webPlugin } from './web/web-plugin.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The mailer's count of written mails when the request arrived (decision 0065). */
    mailsWritten: number
    /** Issue 41: a WhatsApp webhook post was kept; it is handled after the answer. */
    whatsappReceived: boolean
  }
  interface FastifyInstance {
    db: Db
    database: Database
    config: Env
    appUrl: string
    mailer: Mailer
    /** Issue 41 (decision 0236): WhatsApp messages to shoppers and their answers; off without the WHATSAPP_* secrets. */
    whatsapp: WhatsAppChannel
    /**
     * Decision 0220: listens to every order's events (placed, moved, edited) in the transaction of each change; the
     * mailer is the first listener (decision 0066).
     */
    onOrderEvent(listener: OrderListener): void
    /** Public product lists, cached per catalogue version (decision 0019): the API's and the pages' alike. */
    publicProductLists: PublicListCache
    /** Decision 0091: the per-client limits on orders, wallet codes and registrations are on (always, but in tests). */
    abuseLimits: boolean
  }
}

export interface BuildAppOptions {
  database: Database
  /** Tests: the outbox's rhythm (decision 0065), e.g. a short back-off to see a retry succeed. */
  mail?: Pick<MailerOptions, 'pollMs' | 'backoffMs' | 'maxBackoffMs' | 'maxAttempts' | 'leaseMs'>
  /** Tests: the WhatsApp outbox's rhythm (decision 0236). */
  whatsapp?: Omit<WhatsAppOptions, 'log'>
  env?: Partial<Env>
  /** The process's logger (plugins/logging.ts createLogger); without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger
  /** Answer 503 to everything until app.lifecycle.markReady() (server.ts: after migrations and the seed). */
  starting?: boolean
  /** Folder of the web app's build (client/ and server/index.js); defaults to apps/web/dist. Without it, no pages. */
  webDist?: string
  /** `npm run dev`: pages from the web app's sources through Vite (web/dev-server.ts) instead of its build. */
  webDev?: boolean
  /** Called for every route as it is registered (the permission matrix and fuzz tests list routes with it). */
  onRoute?: (route: RouteOptions) => void
  /**
   * Test seam: false turns off decision 0091's per-client limits (orders, wallet codes, registrations) for suites that
   * place many orders from one address and one phone. Sign-in and tracking limits stay on. Default true.
   */
  abuseLimits?: boolean
}

export type App = FastifyInstance

/**
 * Per-IP limits rely on the client address, so forwarded headers are trusted only when configured (decision 0017):
 * a hop count or the proxies' addresses. `true` is refused (decision 0102).
 */
function parseTrustProxy(value: string): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (isTrustEveryProxy(value))
    throw new Error(`Invalid configuration: TRUST_PROXY: ${TRUST_PROXY_TRUE_REFUSED}`)
  if (value === 'false' || value === '') return false
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    return (_address, hop) => hop < hops
  }
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
}

/**
 * Decision 0100: the server's patience with a client. Node checks the request and header timeouts on a timer
 * (`connectionsCheckingInterval`, 30 s by default); a tenth of the shorter timeout (0.1-5 s) keeps the 408 close to
 * the configured time.
 */
export function serverTimeouts(config: Env) {
  const requestTimeout = config.REQUEST_TIMEOUT_MS
  const headersTimeout =
    requestTimeout > 0 ? Math.min(config.HEADERS_TIMEOUT_MS, requestTimeout) : config.HEADERS_TIMEOUT_MS
  const shortest = requestTimeout > 0 ? Math.min(requestTimeout, headersTimeout) : headersTimeout
  return {
    requestTimeout,
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      requestTimeout,
      headersTimeout,
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(shortest / 10))),
    },
  }
}

const CLIENT_ERRORS: Record<string, [number, ErrorCode]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'REQUEST_TIMEOUT'],
  ERR_HTTP_HEADERS_TIMEOUT: [408, 'REQUEST_TIMEOUT'],
  HPE_HEADER_OVERFLOW: [431, 'BAD_REQUEST'],
}

/**
 * Errors Node meets before Fastify sees a request (a body that never came, headers too slow, garbage): the shop's
 * JSON error in the client's language when its headers were read, else the default language, then the socket closes.
 */
function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, code] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'BAD_REQUEST']
  this.log.debug({ err: error }, 'client error before a request was read')
  if (socket.writable) {
    const incoming = (socket as { parser?: { incoming?: { headers?: Record<string, string | undefined> } } })
      .parser?.incoming
    const body = JSON.stringify({
      code,
      message: translate(pickLanguage(incoming?.headers?.['accept-language']), `errors.${code}`),
    })
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    )
  }
  socket.destroy()
}

export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ')

/** Decision 0103: whether /api/docs is served, to anyone or to whoever gives API_DOCS_TOKEN. */
export function apiDocsAccess(config: Env): 'open' | 'token' | 'off' {
  if (config.API_DOCS === 'off') return 'off'
  if (config.API_DOCS === 'on') return 'open'
  if (config.API_DOCS_TOKEN) return 'token'
  return config.NODE_ENV === 'production' ? 'off' : 'open'
}

/**
 * The token as a bearer token (scripts) or as the password of the browser's own sign-in prompt (Basic, any user name):
 * the browser then sends it with the page's further requests (its script, /api/docs/json).
 */
function apiDocsGuard(token: string) {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  const expected = digest(token)
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = String(request.headers.authorization ?? '').trim()
    const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1]
    const basic = /^Basic\s+(\S+)$/i.exec(header)?.[1]
    const decoded = basic ? Buffer.from(basic, 'base64').toString('utf8') : undefined
    const given = bearer ?? (decoded?.includes(':') ? decoded.slice(decoded.indexOf(':') + 1) : undefined)
    if (given && timingSafeEqual(digest(given), expected)) return
    reply.header('www-authenticate', 'Basic realm="API docs", charset="UTF-8"')
    throw new AppError('UNAUTHENTICATED', 401)
  }
}

/** Builds the whole shop (API + web) on a database; used by server.ts and by every test (fastify/demo). */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const config: Env = { ...loadEnv(), ...options.env }
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // Decision 0040: one line per request (plugins/logging.ts) instead of Fastify's two.
    logController: new ShopLogController(),
    genReqId: requestId,
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    bodyLimit: 1_048_576,
    ...serverTimeouts(config),
    clientErrorHandler,
    forceCloseConnections: 'idle',
    // Decision 0042: requests arriving while closing get the shop's 503 body (plugins/graceful-close.ts), not Fastify's.
    return503OnClosing: false,
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>()

  // Decision 0100: more open connections than this are closed as they arrive (Node's own cap).
  if (config.MAX_CONNECTIONS > 0) app.server.maxConnections = config.MAX_CONNECTIONS
  if (options.onRoute) app.addHook('onRoute', options.onRoute)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  // Decision 0220: the app's transactions carry its order listeners (the mailer's is added below).
  const orderListeners: OrderListener[] = []
  app.decorate('db', withOrderListeners(options.database.db, orderListeners))
  app.decorate('onOrderEvent', (listener: OrderListener) => void orderListeners.push(listener))
  app.decorate('database', options.database)
  app.decorate('config', config)
  app.decorate('appUrl', appUrl(config))
  app.decorate('abuseLimits', options.abuseLimits ?? true)
  const mailer = createMailer(options.database.db, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    log: app.log,
    ...options.mail,
  })
  app.decorate('mailer', mailer)
  // Decision 0065: mails are delivered after the answer of the request that wrote them (its transaction has committed
  // by then), never while the shopper waits; a round that finds nothing new costs one query.
  app.decorateRequest('mailsWritten', 0)
  app.addHook('onRequest', async (request) => {
    request.mailsWritten = mailer.written
  })
  // Issue 41 (decision 0236): WhatsApp beside mail, through an outbox of its own; its rounds use the app's handle, so
  // a shopper's answer that moves an order tells the order's listeners as any other move does.
  const whatsapp = createWhatsAppChannel(app.db, whatsappConfig(config), {
    log: app.log,
    ...options.whatsapp,
  })
  app.decorate('whatsapp', whatsapp)
  let whatsappWritten = 0
  app.decorateRequest('whatsappReceived', false)
  app.addHook('onResponse', async (request) => {
    if (mailer.written !== request.mailsWritten) mailer.kick()
    if (request.whatsappReceived || whatsappWritten > 0) {
      whatsappWritten = 0
      whatsapp.kick()
    }
  })
  app.addHook('onClose', async () => {
    await whatsapp.close()
    await mailer.close()
  })
  // Decision 0066: the shopper and staff hear of an order's events by mail, written in the event's transaction.
  orderListeners.push(
    mailOnOrderEvents(
      createOrderNotifier({
        db: options.database.db,
        mailer,
        appUrl: appUrl(config),
        // Decision 0236: a shopper event the owner sends on WhatsApp only is not mailed to who WhatsApp reaches.
        mailLeftOut: (tx, event, order) => mailLeftOut(tx, whatsapp.configured, event, order),
      }),
    ),
  )
  // Decision 0236: and on WhatsApp, written in the same transaction, sent after the answer.
  if (whatsapp.configured)
    orderListeners.push(async (tx, event) => {
      if (await enqueueOrderMessage(tx, { db: options.database.db, appUrl: appUrl(config) }, event))
        whatsappWritten++
    })

  const catalogVersion = createCatalogVersion(options.database.db)
  app.decorate('publicProductLists', createPublicListCache(options.database.db, catalogVersion))

  await app.register(errorsPlugin)
  await app.register(loggingPlugin)
  await app.register(gracefulClosePlugin, { starting: options.starting })
  await app.register(metricsPlugin)
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Pages' inline scripts carry this response's nonce (web/csp-nonce.ts); never 'unsafe-inline'.
        scriptSrc: ["'self'", (req) => nonceSource(req)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // npm run dev: Vite's hot updates come over a WebSocket of their own.
        connectSrc: ["'self'", ...(options.webDev ? ['ws:'] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Decision 0030: the dashboard's pages only (web/web-plugin.ts). On a storefront page it made every visit from
    // another site start in a fresh renderer process, and that start-up was the largest task of the page load on a
    // phone.
    crossOriginOpenerPolicy: false,
  })
  // Decision 0103: no page of the shop uses the camera, microphone, location, sensors, USB or the Payment Request API
  // (wallets and cards go through their own pages), so none may, nor anything a page embeds.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY)
  })
  const origins = config.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean)
  await app.register(cors, { origin: origins.length > 0 ? origins : false, credentials: false })
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 2 } })
  await app.register(authPlugin)
  await app.register(auditCheckPlugin, {
    enabled: config.AUDIT_CHECK === 'on' || (config.AUDIT_CHECK === 'auto' && config.NODE_ENV === 'test'),
  })

  await app.register(swagger, {
    openapi: {
      info: { title: 'Golden Palm shop API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  })
  const docs = apiDocsAccess(config)
  if (docs !== 'off') {
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: false,
      uiHooks: docs === 'token' ? { onRequest: apiDocsGuard(config.API_DOCS_TOKEN!) } : undefined,
    })
  }

  // Every route of the shop, in one place.
  await app.register(
    async (api) => {
      await api.register(healthRoutes)
      await api.register(authRoutes)
      await api.register(profileRoutes)
      await api.register(usersRoutes)
      await api.register(categoriesRoutes)
      await api.register(productsRoutes)
      await api.register(imagesRoutes)
      await api.register(citiesRoutes)
      await api.register(checkoutRoutes)
      await api.register(ordersRoutes)
      await api.register(trackingRoutes)
      await api.register(paymentsRoutes)
      await api.register(dashboardRoutes)
      await api.register(settingsRoutes)
      await api.register(mailRoutes)
      await api.register(contentRoutes)
      await api.register(importsRoutes)
      await api.register(promotionsRoutes)
      await api.register(demoRoutes)
      await api.register(staffRoutes)
      await api.register(stockRoutes)
      await api.register(auditRoutes)
      await api.register(rolesRoutes)
      await api.register(whatsappRoutes)
      await api.register(deliveryRoutes)
      await api.register(driverApiRoutes)
    },
    { prefix: '/api' },
  )

  // Decision 0041: Prometheus' usual address, outside /api (not part of the shop's API).
  await app.register(metricsRoutes)

  // The bare reference route R0 that the benchmark budgets are ratios of (performance.md, bench/src/run.ts).
  if (process.env.BENCH_REFERENCE === '1')
    app.get('/api/_bench/ref', { config: { access: 'public' }, schema: { hide: true } }, async () => ({
      ok: true,
    }))

  // Issue 42: the driver's phone page, before the web app's pages.
  await app.register(driverPageRoutes)
  await app.register(seoRoutes)
  const storefront = createStorefrontCatalog(options.database.db, app.publicProductLists, catalogVersion)
  const devBuild = options.webDev
    ? await (await import('./web/dev-server.ts')).createWebDevServer(app)
    : undefined
  await app.register(webPlugin, {
    distDir: options.webDist ?? webDist,
    data: createStorefrontData(options.database.db, storefront, {
      mail: mailer.configured,
      whatsapp: whatsapp.configured,
    }),
    devBuild,
  })
  await app.ready()
  return app
}
