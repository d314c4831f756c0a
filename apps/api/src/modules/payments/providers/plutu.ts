import { REDIRECT_GATEWAYS, type RedirectGateway } from '@shop/shared/schemas/payment'
import { centsToDecimalString, toCents } from '@shop/shared/money/money'
import type { PlutuConfig } from '../../../domain/payment-methods.ts'
import { callProvider, type ProviderAnswer } from '../../../lib/provider-http.ts'
import { PLUTU_RETURN_FIELDS, phpQuery, verifyPlutuReturn } from './plutu-hash.ts'
import type {
  AttemptRef,
  Charge,
  PaymentProvider,
  ProviderNotice,
  StartContext,
  StartResult,
} from './provider.ts'

// Plutu (docs.plutu.ly; the official PHP SDK getplutu/plutu-php): POST {base}/transaction/{gateway}/{verify|confirm},
// form fields, X-API-KEY and a bearer access token. Answers: {status: 200, result: {…}} or {error: {status, code,
// message}} with a 4xx. Wallets (sadadapi, edfali): verify sends the shopper a code, confirm takes it. Cards
// (localbankcards, mpgs): confirm gives a page to send the shopper to; they come back to return_url, signed.
// Plutu has no refund or look-up call.

const isRedirectGateway = (g: string): g is RedirectGateway =>
  (REDIRECT_GATEWAYS as readonly string[]).includes(g)

interface PlutuAnswer {
  ok: boolean
  result: Record<string, unknown>
  code: string
  message: string
  raw: unknown
}

function readAnswer(answer: ProviderAnswer): PlutuAnswer {
  const body = (answer.json ?? {}) as {
    status?: unknown
    result?: unknown
    message?: unknown
    error?: { code?: unknown; message?: unknown }
  }
  const ok =
    answer.status === 200 && (body.status === undefined || Number(body.status) === 200) && !body.error
  return {
    ok,
    result: (body.result && typeof body.result === 'object' ? body.result : {}) as Record<string, unknown>,
    code: String(body.error?.code ?? (ok ? '' : `HTTP_${answer.status}`)),
    message: String(body.error?.message ?? body.message ?? ''),
    raw: answer.json ?? answer.text.slice(0, 2000),
  }
}

/** Plutu's error, as the shopper is told it (provider messages are short sentences, in the page's language). */
export class PlutuRefusal extends Error {
  constructor(
    readonly code: string,
    readonly reason: string,
    readonly raw: unknown,
  ) {
    super(`plutu refused: ${code}`)
    this.name = 'PlutuRefusal'
  }
}

export class PlutuProvider implements PaymentProvider {
  readonly id = 'plutu' as const
  constructor(private readonly config: PlutuConfig) {}

  private async call(
    gateway: string,
    action: 'verify' | 'confirm',
    fields: Record<string, string>,
  ): Promise<PlutuAnswer> {
    const answer = await callProvider('plutu', `${this.config.baseUrl}/transaction/${gateway}/${action}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
        'x-api-key': this.config.apiKey,
        authorization: `Bearer ${this.config.accessToken}`,
      },
      body: new URLSearchParams(fields).toString(),
    })
    return readAnswer(answer)
  }

  async start(gateway: string, ctx: StartContext): Promise<StartResult> {
    const amount = centsToDecimalString(ctx.attempt.amountCents)
    if (isRedirectGateway(gateway)) {
      const fields: Record<string, string> = {
        amount,
        invoice_no: ctx.attempt.invoiceNo,
        return_url: ctx.returnUrl,
        lang: ctx.language,
      }
      if (ctx.customerIp) fields.customer_ip = ctx.customerIp
      const answer = await this.call(gateway, 'confirm', fields)
      const url = answer.result.redirect_url
      if (!answer.ok || typeof url !== 'string' || !/^https?:\/\//.test(url))
        throw new PlutuRefusal(answer.code || 'NO_REDIRECT', answer.message, answer.raw)
      return { kind: 'redirect', providerRef: null, redirectUrl: url }
    }
    const fields: Record<string, string> = { mobile_number: ctx.wallet?.mobileNumber ?? '', amount }
    if (gateway === 'sadadapi') fields.birth_year = String(ctx.wallet?.birthYear ?? '')
    const answer = await this.call(gateway, 'verify', fields)
    const processId = answer.result.process_id
    if (!answer.ok || (typeof processId !== 'string' && typeof processId !== 'number'))
      throw new PlutuRefusal(answer.code || 'NO_PROCESS', answer.message, answer.raw)
    return { kind: 'otp', providerRef: String(processId) }
  }

  async confirmCode(
    gateway: string,
    attempt: AttemptRef,
    code: string,
    customerIp?: string,
  ): Promise<Charge> {
    const fields: Record<string, string> = {
      process_id: attempt.providerRef ?? '',
      code,
      amount: centsToDecimalString(attempt.amountCents),
      invoice_no: attempt.invoiceNo,
    }
    if (customerIp) fields.customer_ip = customerIp
    const answer = await this.call(gateway, 'confirm', fields)
    if (!answer.ok) {
      // A refused code can be typed again; the attempt fails after a few (payments.service.ts).
      return {
        outcome: 'failed',
        failureCode: answer.code,
        failureMessage: answer.message,
        retryable: true,
        raw: answer.raw,
      }
    }
    const txn = answer.result.transaction_id
    return {
      outcome: 'paid',
      amountCents: toCents(answer.result.amount ?? centsToDecimalString(attempt.amountCents)) ?? undefined,
      currency: attempt.currency,
      transactionId: txn === undefined || txn === null ? undefined : String(txn),
      raw: answer.raw,
    }
  }

  /** The card page's return (a GET to return_url): verified by its hash, or null (forged, or another key's). */
  readReturn(rawQuery: string): ProviderNotice | null {
    const fields = phpQuery(rawQuery)
    const gateway = fields.get('gateway') ?? ''
    if (!isRedirectGateway(gateway)) return null
    if (!verifyPlutuReturn(fields, PLUTU_RETURN_FIELDS[gateway], this.config.secretKey)) return null
    const raw = Object.fromEntries(fields)
    const approved = fields.get('approved') === '1'
    const canceled = fields.get('canceled') === '1'
    const amountCents = toCents(fields.get('amount')) ?? undefined
    const currency = fields.get('currency') ?? (gateway === 'mpgs' ? 'USD' : 'LYD')
    const transactionId = fields.get('transaction_id') || undefined
    return {
      find: { invoiceNo: fields.get('invoice_no') ?? '' },
      source: 'return',
      kind: approved ? 'approved' : canceled ? 'canceled' : 'declined',
      dedupeKey: `plutu:return:${fields.get('hashed')!.toUpperCase()}`,
      charge: approved
        ? { outcome: 'paid', amountCents, currency, transactionId, raw }
        : {
            outcome: canceled ? 'cancelled' : 'failed',
            failureCode: canceled ? 'canceled' : 'declined',
            amountCents,
            currency,
            transactionId,
            raw,
          },
      raw,
    }
  }
}
