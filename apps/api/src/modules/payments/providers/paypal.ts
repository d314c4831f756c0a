import { centsToDecimalString } from '@shop/shared/money/money'
import type { PayPalConfig } from '../../../domain/payment-methods.ts'
import { providerCents } from './amounts.ts'
import { callProvider, ProviderUnavailable, type ProviderAnswer } from '../../../lib/provider-http.ts'
import type {
  AttemptRef,
  Charge,
  PaymentProvider,
  ProviderNotice,
  RefundResult,
  StartContext,
  StartResult,
} from './provider.ts'

// PayPal Orders v2 by plain fetch (decision 0080): OAuth client credentials, create (intent CAPTURE) → the payer approves
// on PayPal → capture with a PayPal-Request-Id (PayPal answers a repeat with the first result) → check COMPLETED and
// the captured amount. Webhooks are verified by PayPal's verify-webhook-signature call before they change anything.

interface PayPalCapture {
  id?: string
  status?: string
  amount?: { currency_code?: string; value?: string }
  invoice_id?: string
  supplementary_data?: { related_ids?: { order_id?: string } }
  links?: { rel?: string; href?: string }[]
}
interface PayPalOrder {
  id?: string
  status?: string
  links?: { rel?: string; href?: string }[]
  purchase_units?: { invoice_id?: string; payments?: { captures?: PayPalCapture[] } }[]
}
interface PayPalError {
  name?: string
  message?: string
  details?: { issue?: string; description?: string }[]
}

/** The first issue of a PayPal error answer (ORDER_NOT_APPROVED, INSTRUMENT_DECLINED …), or its name. */
function issueOf(answer: ProviderAnswer): string {
  const body = (answer.json ?? {}) as PayPalError
  return body.details?.[0]?.issue ?? body.name ?? `HTTP_${answer.status}`
}
function messageOf(answer: ProviderAnswer): string {
  const body = (answer.json ?? {}) as PayPalError
  return body.details?.[0]?.description ?? body.message ?? ''
}

/** A capture as a charge: COMPLETED is paid, PENDING waits for the webhook, anything else failed. */
function chargeOfCapture(capture: PayPalCapture | undefined, raw: unknown): Charge {
  if (!capture) return { outcome: 'pending', raw }
  const base = {
    amountCents: providerCents(capture.amount?.value),
    currency: capture.amount?.currency_code,
    transactionId: capture.id,
    raw,
  }
  if (capture.status === 'COMPLETED') return { outcome: 'paid', ...base }
  if (capture.status === 'PENDING') return { outcome: 'pending', ...base }
  return { outcome: 'failed', failureCode: capture.status ?? 'CAPTURE_FAILED', ...base }
}

const firstCapture = (order: PayPalOrder) => order.purchase_units?.[0]?.payments?.captures?.[0]

export class PayPalProvider implements PaymentProvider {
  readonly id = 'paypal' as const
  private token: { value: string; until: number } | null = null

  constructor(private readonly config: PayPalConfig) {}

  /** An access token, kept in memory until shortly before it expires (per process; nothing that matters is lost). */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64')
    const answer = await callProvider('paypal', `${this.config.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })
    const body = (answer.json ?? {}) as { access_token?: string; expires_in?: number }
    // Wrong keys are the owner's to fix; the shopper sees "not answering" and can choose another method.
    if (answer.status !== 200 || !body.access_token)
      throw new ProviderUnavailable('paypal', `token refused (HTTP ${answer.status})`)
    this.token = {
      value: body.access_token,
      until: Date.now() + Math.max(60, (body.expires_in ?? 600) - 120) * 1000,
    }
    return this.token.value
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: string,
    headers: Record<string, string> = {},
  ): Promise<ProviderAnswer> {
    const send = async () =>
      callProvider('paypal', `${this.config.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Bearer ${await this.accessToken()}`,
          ...headers,
        },
        body,
      })
    let answer = await send()
    if (answer.status === 401) {
      this.token = null
      answer = await send()
    }
    return answer
  }

  async start(_gateway: string, ctx: StartContext): Promise<StartResult> {
    const body = {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: ctx.attempt.invoiceNo,
          invoice_id: ctx.attempt.invoiceNo,
          amount: {
            currency_code: ctx.attempt.currency,
            value: centsToDecimalString(ctx.attempt.amountCents),
          },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: ctx.returnUrl,
            cancel_url: ctx.cancelUrl,
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
            // PayPal has no Libyan locale; Egypt's Arabic is the closest it offers.
            locale: ctx.language === 'ar' ? 'ar-EG' : 'en-US',
          },
        },
      },
    }
    const answer = await this.call('POST', '/v2/checkout/orders', JSON.stringify(body), {
      'paypal-request-id': `create-${ctx.attempt.invoiceNo}`,
    })
    const order = (answer.json ?? {}) as PayPalOrder
    const approve = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href
    if (answer.status >= 300 || !order.id || !approve)
      throw new PayPalRefusal(issueOf(answer), messageOf(answer), answer.json)
    return { kind: 'redirect', providerRef: order.id, redirectUrl: approve }
  }

  async capture(attempt: AttemptRef): Promise<Charge> {
    const answer = await this.call(
      'POST',
      `/v2/checkout/orders/${encodeURIComponent(attempt.providerRef ?? '')}/capture`,
      '{}',
      {
        'paypal-request-id': `capture-${attempt.invoiceNo}`,
        prefer: 'return=representation',
      },
    )
    if (answer.status < 300)
      return chargeOfCapture(firstCapture((answer.json ?? {}) as PayPalOrder), answer.json)
    const issue = issueOf(answer)
    // Captured already (the webhook or another tab was first): read what PayPal holds.
    if (issue === 'ORDER_ALREADY_CAPTURED')
      return (await this.lookup(attempt)) ?? { outcome: 'pending', raw: answer.json }
    return { outcome: 'failed', failureCode: issue, failureMessage: messageOf(answer), raw: answer.json }
  }

  async lookup(attempt: AttemptRef): Promise<Charge | null> {
    if (!attempt.providerRef) return null
    const answer = await this.call('GET', `/v2/checkout/orders/${encodeURIComponent(attempt.providerRef)}`)
    if (answer.status === 404)
      return { outcome: 'failed', failureCode: 'RESOURCE_NOT_FOUND', raw: answer.json }
    if (answer.status >= 300) return null
    const order = (answer.json ?? {}) as PayPalOrder
    const capture = firstCapture(order)
    if (capture) return chargeOfCapture(capture, answer.json)
    if (order.status === 'VOIDED') return { outcome: 'failed', failureCode: 'VOIDED', raw: answer.json }
    return { outcome: 'pending', raw: answer.json }
  }

  async refund(attempt: AttemptRef): Promise<RefundResult> {
    const answer = await this.call(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(attempt.providerTxnId ?? '')}/refund`,
      '{}',
      {
        'paypal-request-id': `refund-${attempt.invoiceNo}`,
        prefer: 'return=representation',
      },
    )
    const body = (answer.json ?? {}) as { id?: string; status?: string }
    if (answer.status >= 300 || !body.id)
      throw new PayPalRefusal(issueOf(answer), messageOf(answer), answer.json)
    return {
      refundId: body.id,
      outcome: body.status === 'COMPLETED' ? 'refunded' : 'pending',
      raw: answer.json,
    }
  }

  /** PayPal's return_url: ?token=<order id>&PayerID=…; the capture that follows is what proves anything. */
  readReturn(rawQuery: string): ProviderNotice | null {
    const params = new URLSearchParams(rawQuery)
    const token = params.get('token') ?? ''
    if (!/^[A-Za-z0-9-]{5,64}$/.test(token)) return null
    return {
      find: { providerRef: token },
      source: 'return',
      kind: 'approved',
      dedupeKey: `paypal:return:${token}`,
      approved: true,
      raw: { token, payer_id: params.get('PayerID') },
    }
  }

  /**
   * A webhook, verified by PayPal (verify-webhook-signature with our webhook id) before anything is read from it.
   * The event goes to PayPal exactly as it arrived (the raw text), so that its checksum is the one PayPal signed.
   */
  async readNotification(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<ProviderNotice | 'unverified' | null> {
    const header = (name: string) => {
      const v = headers[name]
      return Array.isArray(v) ? v[0] : v
    }
    const fields = {
      auth_algo: header('paypal-auth-algo'),
      cert_url: header('paypal-cert-url'),
      transmission_id: header('paypal-transmission-id'),
      transmission_sig: header('paypal-transmission-sig'),
      transmission_time: header('paypal-transmission-time'),
      webhook_id: this.config.webhookId,
    }
    if (Object.values(fields).some((v) => !v)) return 'unverified'
    let event: { id?: string; event_type?: string; resource?: PayPalCapture & PayPalOrder }
    try {
      event = JSON.parse(rawBody) as typeof event
    } catch {
      return 'unverified'
    }
    const request = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawBody}}`
    const answer = await this.call('POST', '/v1/notifications/verify-webhook-signature', request)
    if (
      answer.status !== 200 ||
      (answer.json as { verification_status?: string } | null)?.verification_status !== 'SUCCESS'
    )
      return 'unverified'

    const type = event.event_type ?? ''
    const resource = event.resource ?? {}
    const base = {
      source: 'webhook' as const,
      kind: type,
      dedupeKey: `paypal:webhook:${event.id ?? fields.transmission_id}`,
      raw: event,
    }
    switch (type) {
      case 'CHECKOUT.ORDER.APPROVED':
        return { ...base, find: { providerRef: resource.id }, approved: true }
      case 'PAYMENT.CAPTURE.COMPLETED':
      case 'PAYMENT.CAPTURE.PENDING':
      case 'PAYMENT.CAPTURE.DENIED':
      case 'PAYMENT.CAPTURE.DECLINED':
        return {
          ...base,
          find: {
            providerRef: resource.supplementary_data?.related_ids?.order_id,
            invoiceNo: resource.invoice_id,
            transactionId: resource.id,
          },
          charge: chargeOfCapture(resource, event),
        }
      case 'PAYMENT.CAPTURE.REFUNDED': {
        // The resource is the refund; its "up" link names the capture it returned.
        const up = resource.links?.find((l) => l.rel === 'up')?.href ?? ''
        const captureId = /\/captures\/([^/?#]+)/.exec(up)?.[1]
        return {
          ...base,
          find: { transactionId: captureId, invoiceNo: resource.invoice_id },
          refund: {
            id: resource.id ?? '',
            amountCents: providerCents(resource.amount?.value) ?? 0,
            currency: resource.amount?.currency_code ?? '',
          },
        }
      }
      default:
        return null
    }
  }
}

/** PayPal refused a request (a 4xx with an issue such as CURRENCY_NOT_SUPPORTED). */
export class PayPalRefusal extends Error {
  constructor(
    readonly issue: string,
    readonly reason: string,
    readonly raw: unknown,
  ) {
    super(`paypal refused: ${issue}`)
    this.name = 'PayPalRefusal'
  }
}
