import { z } from 'zod'
import { westernDigits } from './common.ts'
import { PAYMENT_METHODS, PAYMENT_STATUSES } from './order.ts'

// Online payments (decisions 0075–0084): one record per attempt, verified provider answers, stock held while paying.

/** One attempt's state: `pending` → `paid` | `failed` | `expired`; `paid` → `refunded`. */
export const PAYMENT_STATES = PAYMENT_STATUSES
export type PaymentState = (typeof PAYMENT_STATES)[number]

/** Who took the money: a gateway, or staff recording cash (or a payment seen outside the shop). */
export const PAYMENT_PROVIDERS = ['plutu', 'paypal', 'cash', 'manual'] as const
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number]

/**
 * Plutu's gateways the shop can offer for "massarat" (local e-payment): Sadad and Edfali by mobile number and a code
 * typed on our page; local bank cards and MPGS (international cards, charged in USD) by redirect.
 */
export const PLUTU_GATEWAYS = ['sadadapi', 'edfali', 'localbankcards', 'mpgs'] as const
export type PlutuGateway = (typeof PLUTU_GATEWAYS)[number]
export const OTP_GATEWAYS = ['sadadapi', 'edfali'] as const
export type OtpGateway = (typeof OTP_GATEWAYS)[number]
export const REDIRECT_GATEWAYS = ['localbankcards', 'mpgs'] as const
export type RedirectGateway = (typeof REDIRECT_GATEWAYS)[number]
/** Digits of the code the wallet sends by SMS (Plutu: Sadad 6, Edfali 4). */
export const OTP_LENGTH: Record<OtpGateway, number> = { sadadapi: 6, edfali: 4 }
/** Seconds between two codes to one mobile number (decision 0091): the payment step counts down from it. */
export const OTP_RESEND_SECONDS = 60
export const isOtpGateway = (g: string): g is OtpGateway => (OTP_GATEWAYS as readonly string[]).includes(g)

/** What a staff member should look at (decision 0083). */
export const PAYMENT_FLAGS = [
  'amount_mismatch',
  'paid_after_expiry',
  'paid_after_expiry_no_stock',
  'paid_after_cancel',
  'paid_twice',
  'outcome_unknown',
  'partial_refund',
] as const
export type PaymentFlag = (typeof PAYMENT_FLAGS)[number]

/** The payment header a browser sends for an order it placed (decision 0081). */
export const PAYMENT_TOKEN_HEADER = 'x-payment-token'
export const PaymentTokenHeaders = z.looseObject({
  [PAYMENT_TOKEN_HEADER]: z.string().max(200).optional(),
})

/** GET /api/payments/methods: the methods the checkout offers (only the configured ones). */
export const PaymentMethods = z.object({
  methods: z.array(z.enum(PAYMENT_METHODS)),
  massarat: z.object({ gateways: z.array(z.enum(PLUTU_GATEWAYS)) }).nullable(),
  /** Dinars for one US dollar: PayPal charges USD (decision 0079). */
  paypal: z.object({ currency: z.literal('USD'), exchange_rate: z.number() }).nullable(),
})
export type PaymentMethods = z.infer<typeof PaymentMethods>

/** One attempt as the shopper sees it. */
export const PaymentAttempt = z.object({
  id: z.number().int(),
  provider: z.enum(PAYMENT_PROVIDERS),
  gateway: z.string().nullable(),
  state: z.enum(PAYMENT_STATES),
  amount: z.number(),
  currency: z.string(),
  exchange_rate: z.number().nullable(),
  order_amount: z.number(),
  /** Why it did not go through, in the reader's words: the shop's sentence for the shopper, the provider's for staff. */
  failure: z.string().nullable(),
  /** The code behind it (`switched_to_cash`, `superseded`, a provider's code…): for screens that treat some apart. */
  failure_code: z.string().nullable(),
  created_at: z.string(),
})
export type PaymentAttempt = z.infer<typeof PaymentAttempt>

/** GET /api/payments/orders/:id (with the order's payment token): what the payment step and return pages show. */
export const OrderPayment = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  total_amount: z.number(),
  order_status: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  payment_status: z.enum(PAYMENT_STATUSES),
  /** The stock is held until then; null once paid, expired or switched to cash. */
  due_at: z.string().nullable(),
  /** The order can be paid now (pending, or expired with its stock still there: decision 0077). */
  payable: z.boolean(),
  /** The delivery city takes cash for this total, so the payment step may offer "pay on delivery instead" (decision 0071). */
  cash_on_delivery: z.boolean(),
  massarat: z.object({ gateways: z.array(z.enum(PLUTU_GATEWAYS)) }).nullable(),
  /** PayPal's amount in USD for this order at today's rate (decision 0079). */
  paypal: z.object({ amount: z.number(), currency: z.literal('USD'), exchange_rate: z.number() }).nullable(),
  /** The order's total in USD at today's rate, for gateways that charge dollars (MPGS); null without a rate. */
  usd: z.object({ amount: z.number(), exchange_rate: z.number() }).nullable(),
  attempts: z.array(PaymentAttempt),
})
export type OrderPayment = z.infer<typeof OrderPayment>

const digits = (s: unknown) => (typeof s === 'string' ? westernDigits(s).replace(/[\s-]/g, '') : s)

/** POST /api/payments/orders/:id/wallet: Sadad or Edfali sends the shopper a code. */
export const WalletStartInput = z
  .object({
    gateway: z.enum(OTP_GATEWAYS, { error: 'validation.gateway_invalid' }),
    mobile_number: z.preprocess(
      digits,
      z.string({ error: 'validation.mobile_invalid' }).regex(/^09[1-6]\d{7}$/, 'validation.mobile_invalid'),
    ),
    birth_year: z.preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(digits(v)) : v),
      z
        .number({ error: 'validation.birth_year_invalid' })
        .int('validation.birth_year_invalid')
        .min(1900, 'validation.birth_year_invalid')
        .max(2100, 'validation.birth_year_invalid')
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.gateway !== 'sadadapi') return
    // Plutu's rules for Sadad: 091/093 numbers, and the owner's birth year (at least 12 years old).
    if (!/^09[13]/.test(v.mobile_number))
      ctx.addIssue({ code: 'custom', path: ['mobile_number'], message: 'validation.sadad_mobile_invalid' })
    const year = v.birth_year
    if (year === undefined || year < 1940 || year > new Date().getFullYear() - 12)
      ctx.addIssue({ code: 'custom', path: ['birth_year'], message: 'validation.birth_year_invalid' })
  })
export type WalletStartInput = z.infer<typeof WalletStartInput>

/** POST /api/payments/orders/:id/wallet/confirm: the code the shopper received (decision 0040: never logged). */
export const WalletConfirmInput = z.object({
  payment_id: z
    .number({ error: 'validation.id_invalid' })
    .int('validation.id_invalid')
    .positive('validation.id_invalid')
    .max(2_147_483_647, 'validation.id_invalid'),
  otp: z.preprocess(
    digits,
    z.string({ error: 'validation.otp_invalid' }).regex(/^\d{4,6}$/, 'validation.otp_invalid'),
  ),
})
export type WalletConfirmInput = z.infer<typeof WalletConfirmInput>

/** POST /api/payments/orders/:id/redirect: a card page (Plutu) or PayPal's approval page. */
export const RedirectStartInput = z.object({
  gateway: z.enum([...REDIRECT_GATEWAYS, 'paypal'], { error: 'validation.gateway_invalid' }),
  /** The amount the shopper was shown (USD for PayPal and MPGS): a changed rate is a 409, never a surprise. */
  expected_amount: z.number().finite().min(0).optional(),
})
export type RedirectStartInput = z.infer<typeof RedirectStartInput>

export const RedirectStart = z.object({
  payment_id: z.number().int(),
  redirect_url: z.string(),
  amount: z.number(),
  currency: z.string(),
  exchange_rate: z.number().nullable(),
})
export type RedirectStart = z.infer<typeof RedirectStart>

export const WalletStart = z.object({ payment_id: z.number().int(), otp_length: z.number().int() })
export type WalletStart = z.infer<typeof WalletStart>

/** Staff: one attempt with the provider's ids and what it was told (GET /api/payments?order_id=). */
export const StaffPayment = PaymentAttempt.extend({
  order_id: z.number().int(),
  invoice_no: z.string(),
  /** Plutu's process id or PayPal's order id. */
  provider_ref: z.string().nullable(),
  /** Plutu's transaction id or PayPal's capture id. */
  provider_transaction_id: z.string().nullable(),
  refund_id: z.string().nullable(),
  flag: z.enum(PAYMENT_FLAGS).nullable(),
  flag_resolved_at: z.string().nullable(),
  recorded_by: z.string().nullable(),
  note: z.string().nullable(),
  paid_at: z.string().nullable(),
  updated_at: z.string(),
  /** The provider's notifications as received (verified ones only), oldest first. */
  events: z.array(
    z.object({
      id: z.number().int(),
      source: z.string(),
      kind: z.string(),
      created_at: z.string(),
      payload: z.unknown(),
    }),
  ),
  refundable: z.boolean(),
})
export type StaffPayment = z.infer<typeof StaffPayment>

export const StaffPaymentsQuery = z.object({
  order_id: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'validation.id_invalid' })
      .int('validation.id_invalid')
      .positive('validation.id_invalid')
      .max(2_147_483_647, 'validation.id_invalid'),
  ),
})
export const StaffPayments = z.object({ data: z.array(StaffPayment) })
export type StaffPayments = z.infer<typeof StaffPayments>
