import { KeyRound, Smartphone } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  WalletStartInput,
  type OrderPayment,
  type OtpGateway,
} from '@shop/shared/schemas/payment'
import { Button } from '../../../components/ui/button.tsx'
import { Field, FieldError, Input } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import type { PendingPayment } from '../../../lib/pending-payment.ts'
import { useCountdown } from '../../../lib/use-countdown.ts'
import { confirmWallet, startWallet } from '../api/payments-api.ts'
import { useFormatMoney } from '../../../lib/shop-settings.ts'

type Errors = Partial<Record<'mobile_number' | 'birth_year' | 'otp', string>>

/**
 * Sadad and Edfali: the shopper's wallet number (and, for Sadad, the owner's birth year), then the code the wallet
 * sends by SMS, typed here. The code is sent once; a second click while it is checked does nothing (decision 0082).
 */
export function WalletPanel({
  gateway,
  pending,
  view,
  onPaid,
  onChanged,
}: {
  gateway: OtpGateway
  pending: PendingPayment
  view: OrderPayment
  onPaid(view: OrderPayment): void
  onChanged(): void
}) {
  const { t } = useTranslation('storefront')
  const formatMoney = useFormatMoney()
  const [mobile, setMobile] = useState('')
  const [birthYear, setBirthYear] = useState('')
  const [otp, setOtp] = useState('')
  const [sent, setSent] = useState<{ paymentId: number; length: number } | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Decision 0091: one code a minute to a number, a few an hour; the shop says when the next one can be asked for.
  const [resendAt, setResendAt] = useState<number | null>(null)
  const wait = useCountdown(resendAt)
  const sadad = gateway === 'sadadapi'
  const length = sent?.length ?? OTP_LENGTH[gateway]

  const fail = (err: unknown) => {
    if (err instanceof ApiError && err.errors) {
      setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0]])) as Errors)
      return
    }
    const retryAfter = err instanceof ApiError ? Number(err.body?.retry_after) : NaN
    if (err instanceof ApiError && err.status === 429 && retryAfter > 0)
      setResendAt(Date.now() + retryAfter * 1000)
    setProblem(err instanceof ApiError && err.status > 0 ? err.message : t('pay.error_generic'))
    if (
      err instanceof ApiError &&
      ['PAYMENT_NOT_PAYABLE', 'OUT_OF_STOCK', 'PAYMENT_IN_PROGRESS'].includes(err.code)
    )
      onChanged()
  }

  const send = async (e: FormEvent) => {
    e.preventDefault()
    if (busy || wait > 0) return
    setProblem(null)
    const input = WalletStartInput.safeParse({
      gateway,
      mobile_number: mobile,
      birth_year: sadad ? birthYear : undefined,
    })
    if (!input.success) {
      setErrors(Object.fromEntries(input.error.issues.map((i) => [String(i.path[0]), i.message])) as Errors)
      return
    }
    setErrors({})
    setBusy(true)
    try {
      const started = await startWallet(pending, input.data)
      setSent({ paymentId: started.payment_id, length: started.otp_length })
      setResendAt(Date.now() + OTP_RESEND_SECONDS * 1000)
      setOtp('')
    } catch (err) {
      fail(err)
    } finally {
      setBusy(false)
    }
  }

  const pay = async (e: FormEvent) => {
    e.preventDefault()
    if (busy || !sent) return
    setProblem(null)
    if (!new RegExp(`^\\d{${length}}$`).test(otp.trim())) {
      setErrors({ otp: t('pay.otp_length', { digits: length }) })
      return
    }
    setErrors({})
    setBusy(true)
    try {
      onPaid(await confirmWallet(pending, { payment_id: sent.paymentId, otp: otp.trim() }))
    } catch (err) {
      fail(err)
      setBusy(false)
    }
  }

  const amount = formatMoney(view.total_amount)
  if (!sent) {
    return (
      <form
        noValidate
        onSubmit={(e) => void send(e)}
        className="space-y-4"
        aria-label={t(`pay.option.${gateway}.title`)}
      >
        <p className="flex items-start gap-2 text-sm text-stone-700">
          <Smartphone className="mt-0.5 size-4 shrink-0 text-palm-700" aria-hidden="true" />
          {t(`pay.option.${gateway}.how`)}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('pay.mobile')}
            required
            error={errors.mobile_number}
            hint={sadad ? t('pay.mobile_hint_sadad') : t('pay.mobile_hint')}
          >
            {(p) => (
              <Input
                {...p}
                type="tel"
                inputMode="tel"
                dir="ltr"
                autoComplete="tel-national"
                placeholder="09XXXXXXXX"
                value={mobile}
                onChange={(e) => setMobile(e.target.value)}
              />
            )}
          </Field>
          {sadad ? (
            <Field
              label={t('pay.birth_year')}
              required
              error={errors.birth_year}
              hint={t('pay.birth_year_hint')}
            >
              {(p) => (
                <Input
                  {...p}
                  inputMode="numeric"
                  dir="ltr"
                  maxLength={4}
                  placeholder="1990"
                  value={birthYear}
                  onChange={(e) => setBirthYear(e.target.value)}
                />
              )}
            </Field>
          ) : null}
        </div>
        {problem ? <FieldError message={problem} /> : null}
        <Button type="submit" size="lg" className="w-full sm:w-auto" busy={busy} disabled={wait > 0}>
          {busy ? t('pay.sending_code') : t('pay.send_code')}
        </Button>
        <ResendWait seconds={wait} />
      </form>
    )
  }
  return (
    <form noValidate onSubmit={(e) => void pay(e)} className="space-y-4" aria-label={t('pay.enter_code')}>
      <p
        className="flex items-start gap-2 rounded-[var(--radius-control)] bg-palm-50 p-3 text-sm text-palm-900"
        role="status"
      >
        <KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {t('pay.code_sent', { digits: length })}{' '}
          <span className="ltr-nums font-semibold">{mobile.replace(/\s+/g, '')}</span>
        </span>
      </p>
      <Field label={t('pay.code_label', { digits: length })} required error={errors.otp}>
        {(p) => (
          <Input
            {...p}
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            maxLength={length}
            className="max-w-48 text-center text-2xl tracking-[0.5em] tabular-nums"
            value={otp}
            onChange={(e) => setOtp(e.target.value.replace(/[^\d٠-٩]/g, ''))}
            autoFocus
          />
        )}
      </Field>
      {problem ? <FieldError message={problem} /> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" busy={busy}>
          {busy ? t('pay.paying') : t('pay.pay_amount', { amount })}
        </Button>
        <button
          type="button"
          className="text-sm font-semibold text-palm-800 underline disabled:opacity-50"
          disabled={busy || wait > 0}
          onClick={() => {
            setProblem(null)
            setSent(null)
          }}
        >
          {t('pay.new_code')}
        </button>
      </div>
      <ResendWait seconds={wait} />
    </form>
  )
}

/** "You can ask for a new code in 45 seconds" (minutes past a minute and a half), counted down; nothing at 0. */
function ResendWait({ seconds }: { seconds: number }) {
  const { t } = useTranslation('storefront')
  if (seconds <= 0) return null
  const text =
    seconds > 90
      ? t('pay.resend_in_minutes', { count: Math.ceil(seconds / 60) })
      : t('pay.resend_in_seconds', { count: seconds })
  return (
    <p className="text-sm text-stone-600" aria-live="polite">
      {text}
    </p>
  )
}
