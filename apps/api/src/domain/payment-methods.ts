import { inArray } from 'drizzle-orm'
import {
  DEFAULT_PAYMENT_EXPIRY_MINUTES,
  PAYMENT_EXPIRY_KEY,
  parseExchangeRate,
  parsePaymentExpiryMinutes,
  USD_EXCHANGE_RATE_KEY,
} from '@shop/shared/schemas/setting'
import { PLUTU_GATEWAYS, type PaymentMethods, type PlutuGateway } from '@shop/shared/schemas/payment'
import type { PaymentMethod } from '@shop/shared/schemas/order'
import type { DbOrTx } from '../db/client.ts'
import { settings } from '../db/schema/settings.ts'
import type { Env } from '../env.ts'

// Which ways to pay the shop offers: cash always; Plutu ("massarat") and PayPal only when configured (docs/payments.md).

export interface PlutuConfig {
  apiKey: string
  accessToken: string
  secretKey: string
  baseUrl: string
  gateways: PlutuGateway[]
}

export interface PayPalConfig {
  clientId: string
  clientSecret: string
  webhookId: string
  baseUrl: string
}

/** Plutu when its three keys are set, with the gateways the merchant account has. */
export function plutuConfig(env: Env): PlutuConfig | null {
  if (!env.PLUTU_API_KEY || !env.PLUTU_ACCESS_TOKEN || !env.PLUTU_SECRET_KEY) return null
  const gateways = env.PLUTU_GATEWAYS.split(',')
    .map((g) => g.trim().toLowerCase())
    .filter((g): g is PlutuGateway => (PLUTU_GATEWAYS as readonly string[]).includes(g))
  if (gateways.length === 0) return null
  return {
    apiKey: env.PLUTU_API_KEY,
    accessToken: env.PLUTU_ACCESS_TOKEN,
    secretKey: env.PLUTU_SECRET_KEY,
    baseUrl: env.PLUTU_BASE_URL.replace(/\/+$/, ''),
    gateways: [...new Set(gateways)],
  }
}

/** PayPal when the client id, secret and webhook id are set (its webhooks are always verifiable). */
export function paypalConfig(env: Env): PayPalConfig | null {
  if (!env.PAYPAL_CLIENT_ID || !env.PAYPAL_CLIENT_SECRET || !env.PAYPAL_WEBHOOK_ID) return null
  const base =
    env.PAYPAL_BASE_URL ??
    (env.PAYPAL_ENV === 'live' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com')
  return {
    clientId: env.PAYPAL_CLIENT_ID,
    clientSecret: env.PAYPAL_CLIENT_SECRET,
    webhookId: env.PAYPAL_WEBHOOK_ID,
    baseUrl: base.replace(/\/+$/, ''),
  }
}

async function settingValues(db: DbOrTx, keys: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, keys))
  return new Map(rows.map((r) => [r.key, r.value]))
}

/** Decision 0079: dinars for one US dollar as staff set it, or null (PayPal is then not offered). */
export async function usdExchangeRate(db: DbOrTx): Promise<number | null> {
  return parseExchangeRate((await settingValues(db, [USD_EXCHANGE_RATE_KEY])).get(USD_EXCHANGE_RATE_KEY))
}

/** Decision 0076: minutes an online-paid order holds its stock (the setting, 30 when unset or not valid). */
export async function paymentExpiryMinutes(db: DbOrTx): Promise<number> {
  return (
    parsePaymentExpiryMinutes((await settingValues(db, [PAYMENT_EXPIRY_KEY])).get(PAYMENT_EXPIRY_KEY)) ??
    DEFAULT_PAYMENT_EXPIRY_MINUTES
  )
}

/** GET /api/payments/methods and the checkout's check: the methods a shopper may choose now. */
export async function availablePaymentMethods(db: DbOrTx, env: Env): Promise<PaymentMethods> {
  const plutu = plutuConfig(env)
  const rate = paypalConfig(env) || plutu?.gateways.includes('mpgs') ? await usdExchangeRate(db) : null
  // MPGS charges international cards in dollars: offered only with a rate, like PayPal (decision 0079).
  const gateways = plutu?.gateways.filter((g) => g !== 'mpgs' || rate !== null) ?? []
  const methods: PaymentMethod[] = ['cash']
  if (gateways.length > 0) methods.push('massarat')
  if (paypalConfig(env) && rate !== null) methods.push('paypal')
  return {
    methods,
    massarat: gateways.length > 0 ? { gateways } : null,
    paypal: methods.includes('paypal') && rate !== null ? { currency: 'USD', exchange_rate: rate } : null,
  }
}

/** Online methods are paid before the order is processed; cash is paid on delivery. */
export const isOnlineMethod = (method: PaymentMethod) => method !== 'cash'
