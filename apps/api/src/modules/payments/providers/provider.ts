import type { Language } from '@shop/shared/i18n/messages'

// The provider interface (decision 0075): each gateway starts a payment, reads the shopper's return and its own
// server-to-server notifications (verified, or nothing), and where it can: confirms a code, captures, looks a payment
// up and refunds it. The payments service turns what they say into the payment's state, the same way for all.

/** What a provider says happened to the money of one attempt. */
export interface Charge {
  outcome: 'paid' | 'pending' | 'failed' | 'cancelled'
  /** What the provider says it took, in hundredths of `currency`. */
  amountCents?: number
  currency?: string
  transactionId?: string
  failureCode?: string
  failureMessage?: string
  /** The same attempt may be tried again (a mistyped code). */
  retryable?: boolean
  raw: unknown
}

export interface AttemptRef {
  id: number
  invoiceNo: string
  amountCents: number
  currency: string
  providerRef: string | null
  providerTxnId: string | null
}

export interface StartContext {
  attempt: AttemptRef
  language: Language
  customerIp?: string
  /** Where the provider sends the shopper's browser back (approved or not), and PayPal's cancel address. */
  returnUrl: string
  cancelUrl: string
  wallet?: { mobileNumber: string; birthYear?: number }
}

export type StartResult =
  { kind: 'otp'; providerRef: string } | { kind: 'redirect'; providerRef: string | null; redirectUrl: string }

/** A verified message about one attempt: a return from a payment page or a notification. */
export interface ProviderNotice {
  find: { invoiceNo?: string; providerRef?: string; transactionId?: string }
  source: 'return' | 'webhook'
  kind: string
  /** One row per notification in payment_events: the same one twice changes nothing. */
  dedupeKey: string
  charge?: Charge
  refund?: { id: string; amountCents: number; currency: string }
  /** PayPal: the payer approved the order; the shop captures it now. */
  approved?: boolean
  raw: unknown
}

export interface RefundResult {
  refundId: string
  outcome: 'refunded' | 'pending'
  raw: unknown
}

export interface PaymentProvider {
  readonly id: 'plutu' | 'paypal'
  start(gateway: string, ctx: StartContext): Promise<StartResult>
  /** Wallets: the code the shopper typed. */
  confirmCode?(gateway: string, attempt: AttemptRef, code: string, customerIp?: string): Promise<Charge>
  /** Redirect payments the shop completes itself after approval (PayPal). */
  capture?(attempt: AttemptRef): Promise<Charge>
  /** The shopper's browser back from the provider: a verified notice, or null when it is not the provider's. */
  readReturn(rawQuery: string): ProviderNotice | null
  /** A server-to-server notification: a verified notice, 'unverified', or null when it concerns nothing of ours. */
  readNotification?(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<ProviderNotice | 'unverified' | null>
  lookup?(attempt: AttemptRef): Promise<Charge | null>
  refund?(attempt: AttemptRef): Promise<RefundResult>
}
