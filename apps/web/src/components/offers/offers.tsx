import { BadgePercent, Check, Info, Tag, Truck, X } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { fromCents } from '@shop/shared/money/money'
import { clsx } from 'clsx'
import { Button } from '../ui/button.tsx'
import { Money } from '../ui/money.tsx'
import { useFormatMoney } from '../../lib/shop-settings.ts'
import {
  hintProgress,
  type DiscountLine,
  type FreeDeliveryHint,
  type NotAppliedOffer,
} from '../../lib/cart/cart-offers.ts'
import type { CodeState } from '../../lib/cart/use-cart-pricing.ts'

// Issue 29 / decision 0176: the offer code field, the discount lines and the free-delivery hint the cart, the checkout,
// the order confirmation, my orders and the tracking page share.

/**
 * "−12.00 د.ل": a discount, its minus sign kept before the amount inside Arabic text (the amount is isolated
 * left-to-right like every amount, docs/ui.md §2).
 */
export function DiscountMoney({ value, className }: { value: number; className?: string }) {
  const format = useFormatMoney()
  return (
    <span className={clsx('ltr-nums tabular-nums whitespace-nowrap text-palm-800', className)}>
      −{format(value)}
    </span>
  )
}

/** Each discount as a row of a summary's list (`<dl>`): its label (and code) and −amount. */
export function DiscountRows({ discounts, className }: { discounts: DiscountLine[]; className?: string }) {
  const { t } = useTranslation('storefront')
  return (
    <>
      {discounts.map((d) => (
        <div
          key={d.key}
          className={clsx('flex justify-between gap-3', className)}
          data-testid="discount-line"
        >
          <dt className="flex min-w-0 items-center gap-1.5 text-palm-800">
            {d.target === 'delivery' ? (
              <Truck className="size-4 shrink-0" aria-hidden="true" />
            ) : (
              <BadgePercent className="size-4 shrink-0" aria-hidden="true" />
            )}
            <span className="min-w-0">
              <bdi>{d.label || t('offers.discount')}</bdi>
              {d.code ? (
                <span className="ms-1.5 rounded bg-palm-50 px-1.5 text-xs font-semibold" dir="ltr">
                  {d.code}
                </span>
              ) : null}
            </span>
          </dt>
          <dd>
            <DiscountMoney value={d.amount} className="font-semibold" />
          </dd>
        </div>
      ))}
    </>
  )
}

/**
 * The delivery row's amount: the fee, struck through and "Free" when an offer takes it all, struck through with what is
 * left when it takes part of it.
 */
export function DeliveryAmount({
  deliveryCents,
  discountCents,
}: {
  deliveryCents: number
  discountCents: number
}) {
  const { t } = useTranslation('storefront')
  if (discountCents <= 0) return <Money value={fromCents(deliveryCents)} className="font-semibold" />
  const left = Math.max(0, deliveryCents - discountCents)
  return (
    <span className="inline-flex flex-wrap items-baseline justify-end gap-x-2">
      <del className="text-stone-500">
        <Money value={fromCents(deliveryCents)} />
      </del>
      {left === 0 ? (
        <span className="font-bold text-palm-700">{t('offers.free_delivery')}</span>
      ) : (
        <Money value={fromCents(left)} className="font-semibold" />
      )}
    </span>
  )
}

/**
 * Decision 0228: the offers the server did not apply to this cart and why ("Big basket: add 12.50 LYD more", "not for
 * wholesale quantities", "for another city"), worded in the shopper's language from the quote's reason.
 */
export function NotAppliedOffers({ offers }: { offers: readonly NotAppliedOffer[] }) {
  const { t } = useTranslation('storefront')
  if (offers.length === 0) return null
  return (
    <ul
      className="space-y-1 text-sm text-stone-700"
      aria-label={t('offers.not_applied_title')}
      data-testid="not-applied"
    >
      {offers.map((o) => (
        <li key={o.key} className="flex items-start gap-1.5">
          <Info className="mt-0.5 size-4 shrink-0 text-stone-500" aria-hidden="true" />
          <span>
            <bdi className="font-semibold">{o.label}</bdi>
            {t('offers.reason_separator')}
            {o.reason === 'minimum' && o.missing !== null ? (
              <Trans
                t={t}
                i18nKey="offers.not_applied.minimum"
                components={[<Money key="missing" value={o.missing} className="font-semibold" />]}
              />
            ) : (
              t(`offers.not_applied.${o.reason}`)
            )}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** "Add 35.00 د.ل for free delivery", with how far the cart is. */
export function FreeDeliveryHintBar({ hint }: { hint: FreeDeliveryHint | null }) {
  const { t } = useTranslation('storefront')
  if (!hint) return null
  const progress = hintProgress(hint)
  return (
    <div
      className="rounded-[var(--radius-control)] border border-palm-200 bg-palm-50 p-3 text-sm text-palm-900"
      data-testid="free-delivery-hint"
    >
      <p className="flex items-start gap-2">
        <Truck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <Trans
            t={t}
            i18nKey="offers.free_delivery_hint"
            components={[<Money key="missing" value={fromCents(hint.missingCents)} className="font-bold" />]}
          />
        </span>
      </p>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-white"
        role="progressbar"
        aria-label={t('offers.free_delivery_progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}
      >
        <div
          className="h-full rounded-full bg-palm-600 transition-[width]"
          style={{ width: `${progress * 100}%` }}
        />
      </div>
    </div>
  )
}

/** The code field: type a code and apply it; an applied code shows with a remove control; a refusal under the field. */
export function CouponField({
  state,
  onApply,
  onRemove,
  error,
}: {
  state: CodeState
  onApply(code: string): void
  onRemove(): void
  /** A refusal from placing the order (shown under the field like the quote's). */
  error?: string | null
}) {
  const { t } = useTranslation('storefront')
  const id = useId()
  const current = state.status === 'none' ? '' : state.code
  const [draft, setDraft] = useState(current)
  const [empty, setEmpty] = useState(false)
  const [shownFor, setShownFor] = useState(current)
  // A code set elsewhere (another tab, a reload) fills the field.
  if (shownFor !== current) {
    setShownFor(current)
    setDraft(current)
  }
  const refused = state.status === 'refused' ? state.message : null
  const message = error ?? refused
  const accepted = state.status !== 'none' && state.status !== 'refused' && !error

  const submit = (e?: FormEvent) => {
    e?.preventDefault()
    const code = draft.trim()
    if (!code) {
      setEmpty(true)
      return
    }
    setEmpty(false)
    onApply(code)
  }

  return (
    <div className="space-y-2" data-testid="coupon">
      {accepted ? (
        <p className="flex items-center gap-1.5 text-sm font-semibold text-stone-800">
          <Tag className="size-4 text-stone-600" aria-hidden="true" />
          {t('offers.code_label')}
        </p>
      ) : (
        <label htmlFor={id} className="flex items-center gap-1.5 text-sm font-semibold text-stone-800">
          <Tag className="size-4 text-stone-600" aria-hidden="true" />
          {t('offers.code_label')}
        </label>
      )}
      {accepted ? (
        <div className="flex items-center justify-between gap-2 rounded-[var(--radius-control)] border border-palm-200 bg-palm-50 px-3 py-2">
          <span dir="ltr" className="font-mono text-sm font-bold text-palm-900">
            {state.code}
          </span>
          <Button
            variant="ghost"
            size="sm"
            onClick={onRemove}
            icon={<X className="size-4" aria-hidden="true" />}
            aria-label={t('offers.remove_code', { code: state.code })}
          >
            {t('offers.remove')}
          </Button>
        </div>
      ) : (
        // Not a <form>: the field also sits inside the checkout's form.
        <div className="flex gap-2">
          <input
            id={id}
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value)
              setEmpty(false)
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') submit(e)
            }}
            dir="ltr"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            aria-invalid={message || empty ? true : undefined}
            aria-describedby={message || empty ? `${id}-error` : undefined}
            className="h-10 min-w-0 flex-1 rounded-[var(--radius-control)] border border-sand-300 bg-white px-3 text-sm uppercase placeholder:normal-case focus-visible:outline-2 focus-visible:outline-palm-600 rtl:text-end"
            placeholder={t('offers.code_placeholder')}
          />
          <Button variant="secondary" onClick={() => submit()}>
            {t('offers.apply')}
          </Button>
          {state.status === 'refused' || error ? (
            <Button
              variant="ghost"
              size="icon"
              onClick={onRemove}
              aria-label={t('offers.remove_code', { code: current })}
            >
              <X className="size-4" aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      )}
      {message || empty ? (
        <p
          id={`${id}-error`}
          role="alert"
          className="text-sm font-semibold text-red-700"
          data-testid="coupon-error"
        >
          {empty ? t('offers.code_required') : message}
        </p>
      ) : state.status === 'applied' ? (
        <p className="flex items-center gap-1.5 text-sm text-palm-800" role="status">
          <Check className="size-4 shrink-0" aria-hidden="true" />
          {t('offers.applied')}
        </p>
      ) : state.status === 'better' ? (
        <p className="text-sm text-honey-900" role="status" data-testid="coupon-better">
          {t('offers.better_offer')}
          {state.winners.length ? (
            <>
              {' '}
              <bdi className="font-semibold">{state.winners.join('، ')}</bdi>
            </>
          ) : null}
        </p>
      ) : state.status === 'waiting' ? (
        <p className="text-sm text-stone-700" role="status">
          {t('offers.waits_for_city')}
        </p>
      ) : state.status === 'checking' ? (
        <p className="text-sm text-stone-600" role="status">
          {t('offers.checking')}
        </p>
      ) : null}
    </div>
  )
}
