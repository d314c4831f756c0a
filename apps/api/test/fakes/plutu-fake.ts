import { randomInt } from 'node:crypto'
import Fastify, { type FastifyReply } from 'fastify'
import { phpUrlencode, plutuSignature } from '../../src/modules/payments/providers/plutu-hash.ts'

// A contract fake of Plutu's API (docs.plutu.ly and the official PHP SDK getplutu/plutu-php): the same paths,
// form-encoded fields, headers, answers and error shapes, and card pages that send the shopper back to return_url
// signed as Plutu signs (uppercase hex HMAC-SHA256 of the fields in order, keyed with the secret key). Used by the API
// tests and the browser journeys; nothing here reaches the internet.

export interface PlutuFakeOptions {
  apiKey?: string
  accessToken?: string
  secretKey?: string
  /** The code every Sadad verify "sends" (6 digits) and every Edfali verify (4 digits). */
  sadadOtp?: string
  edfaliOtp?: string
}

export interface PlutuCall {
  gateway: string
  action: string
  fields: Record<string, string>
}

interface Process {
  gateway: string
  mobile: string
  amount: string
  otp: string
  used: boolean
}
interface CardSession {
  gateway: string
  amount: string
  invoiceNo: string
  returnUrl: string
  lang: string
}

export interface PlutuFake {
  /** The API root to set as PLUTU_BASE_URL. */
  url: string
  origin: string
  apiKey: string
  accessToken: string
  secretKey: string
  sadadOtp: string
  edfaliOtp: string
  calls: PlutuCall[]
  /** Paid transactions by invoice_no. */
  paid: Map<string, { transactionId: string; amount: string; gateway: string }>
  /** The next wallet confirm answers after this many milliseconds (a slow gateway). */
  confirmDelayMs: number
  /** The next answers report this amount instead of the one asked (a gateway that took something else). */
  amountOverride: string | null
  /** The next calls answer 503 (Plutu down) while true. */
  down: boolean
  /** A return query for `fields` (in this order), signed with `secretKey` (the fake's own by default). */
  signedReturn(fields: [string, string][], secretKey?: string): string
  close(): Promise<void>
}

const errorBody = (status: number, code: string, message: string) => ({ error: { status, code, message } })

export async function startPlutuFake(options: PlutuFakeOptions = {}): Promise<PlutuFake> {
  const app = Fastify({ logger: false })
  const processes = new Map<string, Process>()
  const sessions = new Map<string, CardSession>()
  const invoices = new Set<string>()
  const fake: PlutuFake = {
    url: '',
    origin: '',
    apiKey: options.apiKey ?? 'plutu-test-api-key',
    accessToken: options.accessToken ?? 'plutu-test-access-token',
    secretKey: options.secretKey ?? 'sk_test_9f2c1e7a5b3d4c6e8f0a1b2c3d4e5f6a7b8c9d0e',
    sadadOtp: options.sadadOtp ?? '123456',
    edfaliOtp: options.edfaliOtp ?? '1234',
    calls: [],
    paid: new Map(),
    confirmDelayMs: 0,
    amountOverride: null,
    down: false,
    signedReturn(fields, secretKey = fake.secretKey) {
      const text = fields.map(([k, v]) => `${phpUrlencode(k)}=${phpUrlencode(v)}`).join('&')
      return `${text}&hashed=${plutuSignature(secretKey, text)}`
    },
    close: () => app.close(),
  }

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )

  const refuse = (reply: FastifyReply, status: number, code: string, message: string) =>
    reply.code(status).send(errorBody(status, code, message))
  const amountOk = (v: string | undefined) => !!v && /^\d+(\.\d{1,2})?$/.test(v) && Number(v) > 0

  app.post<{ Params: { gateway: string; action: string }; Body: Record<string, string> }>(
    '/api/v1/transaction/:gateway/:action',
    async (request, reply) => {
      const { gateway, action } = request.params
      const fields = (request.body ?? {}) as Record<string, string>
      fake.calls.push({ gateway, action, fields })
      if (fake.down) return reply.code(503).send('Service Unavailable')
      if (request.headers['x-api-key'] !== fake.apiKey)
        return refuse(reply, 401, 'INVALID_API_KEY', 'Invalid API key')
      if (request.headers.authorization !== `Bearer ${fake.accessToken}`)
        return refuse(reply, 401, 'INVALID_ACCESS_TOKEN', 'Invalid access token')
      if (!/^application\/x-www-form-urlencoded/.test(request.headers['content-type'] ?? ''))
        return refuse(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Form fields expected')
      if (!amountOk(fields.amount)) return refuse(reply, 422, 'INVALID_AMOUNT', 'Invalid amount')

      if ((gateway === 'sadadapi' || gateway === 'edfali') && action === 'verify') {
        const sadad = gateway === 'sadadapi'
        if (!(sadad ? /^09[13]\d{7}$/ : /^09[1-6]\d{7}$/).test(fields.mobile_number ?? ''))
          return refuse(reply, 422, 'INVALID_MOBILE_NUMBER', 'Invalid mobile number format')
        if (sadad && !/^(19|20)\d{2}$/.test(fields.birth_year ?? ''))
          return refuse(reply, 422, 'INVALID_BIRTH_YEAR', 'Invalid birth year')
        // A number the wallet does not know (for tests of a refusal).
        if (fields.mobile_number!.endsWith('0000000'))
          return refuse(reply, 400, 'ACCOUNT_NOT_FOUND', 'This mobile number has no wallet account')
        const processId = String(randomInt(1_000_000_000, 9_999_999_999)) + String(randomInt(100, 999))
        processes.set(processId, {
          gateway,
          mobile: fields.mobile_number!,
          amount: fields.amount!,
          otp: sadad ? fake.sadadOtp : fake.edfaliOtp,
          used: false,
        })
        return {
          status: 200,
          result: { process_id: Number(processId), amount: Number(fields.amount), commission: 0 },
          message: 'OTP has been sent to your mobile number',
        }
      }

      if ((gateway === 'sadadapi' || gateway === 'edfali') && action === 'confirm') {
        const process = processes.get(fields.process_id ?? '')
        if (!process || process.gateway !== gateway)
          return refuse(reply, 400, 'INVALID_PROCESS_ID', 'Invalid process ID')
        if (!/^[A-Za-z0-9._-]+$/.test(fields.invoice_no ?? ''))
          return refuse(reply, 422, 'INVALID_INVOICE_NO', 'Invalid invoice number')
        if (invoices.has(fields.invoice_no!) || process.used)
          return refuse(reply, 409, 'DUPLICATE_TRANSACTION', 'This invoice was already paid')
        if (fields.code !== process.otp) return refuse(reply, 400, 'INVALID_OTP', 'The code is not correct')
        if (Number(fields.amount) !== Number(process.amount))
          return refuse(reply, 422, 'AMOUNT_MISMATCH', 'The amount differs from the verified one')
        if (fake.confirmDelayMs) await new Promise((r) => setTimeout(r, fake.confirmDelayMs))
        process.used = true
        invoices.add(fields.invoice_no!)
        const transactionId = String(randomInt(100_000, 999_999_999))
        const amount = fake.amountOverride ?? fields.amount!
        fake.paid.set(fields.invoice_no!, { transactionId, amount, gateway })
        return {
          status: 200,
          result: { transaction_id: Number(transactionId), amount: Number(amount) },
          message: 'Transaction completed successfully',
        }
      }

      if ((gateway === 'localbankcards' || gateway === 'mpgs') && action === 'confirm') {
        if (!/^[A-Za-z0-9._-]+$/.test(fields.invoice_no ?? ''))
          return refuse(reply, 422, 'INVALID_INVOICE_NO', 'Invalid invoice number')
        if (!/^https?:\/\//.test(fields.return_url ?? ''))
          return refuse(reply, 422, 'INVALID_RETURN_URL', 'Invalid return url')
        if (invoices.has(fields.invoice_no!))
          return refuse(reply, 409, 'DUPLICATE_TRANSACTION', 'This invoice was already paid')
        const id = String(randomInt(100_000_000, 999_999_999))
        sessions.set(id, {
          gateway,
          amount: Number(fields.amount).toFixed(2),
          invoiceNo: fields.invoice_no!,
          returnUrl: fields.return_url!,
          lang: fields.lang ?? 'ar',
        })
        return {
          status: 200,
          result: { code: 'CHECKOUT_REDIRECT', redirect_url: `${fake.origin}/checkout/${id}` },
        }
      }
      return refuse(reply, 404, 'NOT_FOUND', 'Unknown gateway or action')
    },
  )

  // The card page the shopper is sent to: the amount and two buttons, as a bank's page would offer.
  app.get<{ Params: { id: string } }>('/checkout/:id', async (request, reply) => {
    const s = sessions.get(request.params.id)
    if (!s) return reply.code(404).type('text/html').send('<h1>Unknown payment</h1>')
    const currency = s.gateway === 'mpgs' ? 'USD' : 'LYD'
    return reply.type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plutu test card page</title></head>
<body><main><h1>Plutu test card page</h1><p>Pay <strong id="amount">${s.amount} ${currency}</strong> for invoice ${s.invoiceNo}</p>
<a id="pay" href="/checkout/${request.params.id}/pay">Pay</a> <a id="cancel" href="/checkout/${request.params.id}/cancel">Cancel</a></main></body></html>`)
  })
  const back = (s: CardSession, fields: [string, string][]) => {
    const sep = s.returnUrl.includes('?') ? '&' : '?'
    return `${s.returnUrl}${sep}${fake.signedReturn(fields)}`
  }
  app.get<{ Params: { id: string } }>('/checkout/:id/pay', async (request, reply) => {
    const s = sessions.get(request.params.id)
    if (!s) return reply.code(404).send('Unknown payment')
    sessions.delete(request.params.id)
    invoices.add(s.invoiceNo)
    const transactionId = String(randomInt(100_000, 999_999_999))
    const amount = fake.amountOverride ?? s.amount
    fake.paid.set(s.invoiceNo, { transactionId, amount, gateway: s.gateway })
    const fields: [string, string][] =
      s.gateway === 'mpgs'
        ? [
            ['gateway', 'mpgs'],
            ['approved', '1'],
            ['amount', amount],
            ['currency', 'USD'],
            ['invoice_no', s.invoiceNo],
            ['transaction_id', transactionId],
          ]
        : [
            ['gateway', s.gateway],
            ['approved', '1'],
            ['invoice_no', s.invoiceNo],
            ['amount', amount],
            ['transaction_id', transactionId],
          ]
    return reply.redirect(back(s, fields), 302)
  })
  app.get<{ Params: { id: string } }>('/checkout/:id/cancel', async (request, reply) => {
    const s = sessions.get(request.params.id)
    if (!s) return reply.code(404).send('Unknown payment')
    sessions.delete(request.params.id)
    return reply.redirect(
      back(s, [
        ['gateway', s.gateway],
        ['canceled', '1'],
        ['invoice_no', s.invoiceNo],
        ['amount', s.amount],
      ]),
      302,
    )
  })

  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  fake.origin = `http://127.0.0.1:${port}`
  fake.url = `${fake.origin}/api/v1`
  return fake
}

/** The env that points the shop at this fake. */
export const plutuEnv = (fake: PlutuFake, gateways = 'sadadapi,edfali,localbankcards,mpgs') => ({
  PLUTU_API_KEY: fake.apiKey,
  PLUTU_ACCESS_TOKEN: fake.accessToken,
  PLUTU_SECRET_KEY: fake.secretKey,
  PLUTU_BASE_URL: fake.url,
  PLUTU_GATEWAYS: gateways,
})
