import { z } from 'zod'

export const TRUST_PROXY_TRUE_REFUSED =
  '`true` would trust whatever X-Forwarded-For a client writes (it could open /metrics and dodge the sign-in, ' +
  'order and tracking limits). Set the number of proxies in front of the shop (e.g. TRUST_PROXY=1) or their ' +
  'addresses (e.g. TRUST_PROXY=10.0.0.5,10.0.0.6); see docs/operations.md'

/** Decision 0102: `TRUST_PROXY=true` (any spelling) is refused at start. */
export function isTrustEveryProxy(value: string): boolean {
  return ['true', 'yes', 'on'].includes(value.trim().toLowerCase())
}

const Env = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  ADMIN_EMAIL: z.string().default('admin@golden-palm.ly'),
  ADMIN_PASSWORD: z.string().min(8).default('admin12345'),
  APP_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('مزارع النخيل الذهبية <no-reply@golden-palm.ly>'),
  CORS_ORIGINS: z.string().default(''),
  /**
   * Trust X-Forwarded-For only behind a known proxy: a hop count (`1`: one proxy in front) or comma-separated proxy
   * addresses/ranges. `true` is refused (decision 0102): it would take a client-written address as the client's.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((value) => !isTrustEveryProxy(value), TRUST_PROXY_TRUE_REFUSED),
  /** Decision 0040: fatal | error | warn | info (one line per request) | debug (also each request as it arrives) | trace | silent. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Decision 0040: `auto` is readable lines on a terminal and JSON lines otherwise. */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  /** Decision 0041: addresses or CIDR ranges that may read /metrics without a token (comma-separated). */
  METRICS_ALLOW: z.string().default('127.0.0.1,::1'),
  /** Decision 0041: a bearer token that opens /metrics from anywhere; unset means addresses only. */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  // Decision 0100: how long the server waits for a client (docs/operations.md "Timeouts and connections").
  /** Milliseconds to receive a whole request (headers and body); a stalled body is answered 408. 0 turns it off. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  /** Milliseconds to receive a request's headers (at most REQUEST_TIMEOUT_MS); then 408. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1).default(20_000),
  /** Milliseconds a kept-alive connection may stay idle between two requests (longer than a proxy's idle timeout). */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1).default(72_000),
  /** Milliseconds a connection may be silent (nothing read or written) before it is closed. 0 turns it off. */
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(120_000),
  /**
   * Milliseconds a stopping process (SIGTERM) gives the requests it has read before it exits anyway with code 1
   * (decision 0042; decision 0117: the fault tests on a busy machine give their in-flight load longer).
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(9_000),
  /** Open connections the process accepts at once; more are closed as they arrive. 0 means no cap. */
  MAX_CONNECTIONS: z.coerce.number().int().min(0).default(1_000),
  /**
   * Decision 0103: the OpenAPI page at /api/docs. `auto`: on, but off when NODE_ENV=production unless API_DOCS_TOKEN is
   * set; `on`: open to anyone; `off`: never.
   */
  API_DOCS: z.enum(['auto', 'on', 'off']).default('auto'),
  /** Decision 0103: opens /api/docs (also in production) to whoever gives it (browser sign-in prompt or Bearer). */
  API_DOCS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /**
   * Decision 0118: `allow` lets the products import's `image_url` column fetch from loopback and private addresses
   * (tests, a development machine); `refuse` (default) answers such a row with an error.
   */
  IMPORT_IMAGE_PRIVATE_HOSTS: z.enum(['refuse', 'allow']).default('refuse'),
  /**
   * Decision 0192: every staff write must write an audit row; `auto` checks it (500 AUDIT_MISSING otherwise) when
   * NODE_ENV=test, `on` always, `off` never.
   */
  AUDIT_CHECK: z.enum(['auto', 'on', 'off']).default('auto'),
  /** Decision 0192: seconds between two prunes of audit rows past `audit_retention_days` (0: never). */
  AUDIT_PRUNE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3_600),
  TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** Folder of the built web app (defaults to apps/web/dist). */
  WEB_DIST: z.string().optional(),
  /** Decision 0225: `false` starts a real shop (settings, delivery cities, the admin; no demo data at all). */
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  SEED_DEMO_ORDERS: z.enum(['true', 'false']).default('true'),
  // Online payments (docs/payments.md). Plutu ("massarat" at checkout) is offered when all three keys are set.
  PLUTU_API_KEY: z.string().optional(),
  PLUTU_ACCESS_TOKEN: z.string().optional(),
  PLUTU_SECRET_KEY: z.string().optional(),
  /** Plutu's API root (tests point it at a contract fake). */
  PLUTU_BASE_URL: z.url().default('https://api.plutus.ly/api/v1'),
  /** The Plutu gateways the merchant account has, comma-separated: sadadapi, edfali, localbankcards, mpgs. */
  PLUTU_GATEWAYS: z.string().default('sadadapi,edfali,localbankcards'),
  // PayPal is offered when the three are set and staff have set the usd_exchange_rate setting (decision 0079).
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PAYPAL_ENV: z.enum(['sandbox', 'live']).default('sandbox'),
  /** PayPal's API root; defaults to the sandbox or live address of PAYPAL_ENV (tests point it at a contract fake). */
  PAYPAL_BASE_URL: z.url().optional(),
  // WhatsApp Business Cloud API (issue 41, decision 0236; docs/operations.md). On when the four secrets are set.
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  /** The Graph API root with a pinned version (v20 ended in September 2026; v25 is supported until July 2028). */
  WHATSAPP_BASE_URL: z.url().default('https://graph.facebook.com/v25.0'),
  /** Decision 0076: seconds between two sweeps for unpaid online orders whose time ran out; 0 turns the sweep off. */
  PAYMENT_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
})
export type Env = z.infer<typeof Env>

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')))
  if (!parsed.success) {
    throw new Error(
      `Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    )
  }
  return parsed.data
}

export function appUrl(env: Env): string {
  return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')
}
