import { ArrowLeft, ShoppingBag, Trash } from 'lucide-react'
import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { Trans, useTranslation } from 'react-i18next'
import { toast } from '../../../lib/toast.ts'
import { fromCents } from '@shop/shared/money/money'
import { Button, LinkButton } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { EmptyState } from '../../../components/ui/states.tsx'
import { useCart } from '../../../lib/cart/cart-provider.tsx'
import { CartLine } from './cart-line.tsx'
import { lineKey } from '../../../lib/cart/cart-model.ts'
import { ReorderNoticeBanner } from './reorder-notice-banner.tsx'
import { reorderNoticeOf } from '../../../lib/cart/reorder-notice.ts'
import { useActiveCities } from '../../../lib/active-cities.ts'
import { useCartPricing } from '../../../lib/cart/use-cart-pricing.ts'
import {
  CouponField,
  DiscountRows,
  FreeDeliveryHintBar,
  NotAppliedOffers,
} from '../../../components/offers/offers.tsx'

/** product.md §2.7 cart page. */
export function CartPage() {
  const { t } = useTranslation('storefront')
  const cart = useCart()
  const navigate = useNavigate()
  const [confirmClear, setConfirmClear] = useState(false)
  // Decision 0072: after "order again", what was put back and what was left out (and why).
  const notice = reorderNoticeOf(useLocation().state)
  // Decision 0176: the cart's discounts, code and free-delivery hint (no city yet: delivery offers wait for it).
  const priced = useCartPricing({
    items: cart.items,
    code: cart.code,
    cityId: null,
    deliveryCents: null,
    enabled: true,
  })
  const { pricing } = priced
  const itemsAfterCents = pricing.subtotalCents - (pricing.discountCents - pricing.deliveryDiscountCents)

  if (cart.items.length === 0) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="mb-6 text-3xl font-extrabold text-stone-900">{t('cart.title')}</h1>
        {notice ? <ReorderNoticeBanner notice={notice} /> : null}
        <EmptyState
          icon={<ShoppingBag className="size-10" aria-hidden="true" />}
          title={t('cart.empty_title')}
          text={t('cart.empty_text')}
          action={
            <LinkButton to="/products" size="lg">
              {t('cart.continue_shopping')}
            </LinkButton>
          }
        />
      </div>
    )
  }

  const goToCheckout = () => {
    // product.md §2.7: an empty cart cannot check out (the cart may have been emptied in another tab).
    if (cart.items.length === 0) {
      toast.error(t('cart.empty_toast'))
      return
    }
    navigate('/checkout')
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold text-stone-900">
          {t('cart.title')}{' '}
          <span className="ltr-nums text-lg font-semibold text-stone-600">({cart.itemCount})</span>
        </h1>
        <Button
          variant="ghost-danger"
          icon={<Trash className="size-4" aria-hidden="true" />}
          onClick={() => setConfirmClear(true)}
        >
          {t('cart.clear')}
        </Button>
      </div>
      {notice ? <ReorderNoticeBanner notice={notice} /> : null}
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <ul
          className="divide-y divide-sand-300 rounded-[var(--radius-card)] border border-sand-300 bg-white shadow-[var(--shadow-soft)]"
          aria-label={t('cart.items_label')}
        >
          {cart.items.map((item) => (
            <CartLine
              key={lineKey(item)}
              item={item}
              discountCents={pricing.lineDiscounts.get(lineKey(item)) ?? 0}
            />
          ))}
        </ul>
        <aside
          className="rounded-[var(--radius-card)] border border-sand-300 bg-white p-5 shadow-[var(--shadow-soft)] lg:sticky lg:top-24"
          aria-labelledby="cart-summary-title"
        >
          <h2 id="cart-summary-title" className="text-lg font-bold text-stone-900">
            {t('cart.summary')}
          </h2>
          <dl className="mt-4 space-y-3 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-stone-600">{t('cart.subtotal')}</dt>
              <dd data-testid="cart-subtotal">
                <Money value={fromCents(pricing.subtotalCents)} className="font-semibold" />
              </dd>
            </div>
            <DiscountRows discounts={pricing.discounts} />
            <DeliveryRow />
            <div className="flex justify-between gap-3 border-t border-sand-300 pt-3 text-base">
              <dt className="font-bold text-stone-900">{t('cart.total_before_delivery')}</dt>
              <dd data-testid="cart-total">
                <Money value={fromCents(itemsAfterCents)} className="text-xl font-extrabold text-date-700" />
              </dd>
            </div>
          </dl>
          <p className="mt-2 text-xs text-stone-600">{t('cart.delivery_note')}</p>
          <div className="mt-4 space-y-4 border-t border-sand-300 pt-4">
            <FreeDeliveryHintBar hint={pricing.hint} />
            <NotAppliedOffers offers={priced.notApplied} />
            <CouponField
              state={priced.codeState}
              onApply={(code) => (code === cart.code ? priced.refetch() : cart.setCode(code))}
              onRemove={() => cart.setCode(null)}
            />
          </div>
          <Button size="lg" className="mt-5 w-full" onClick={goToCheckout}>
            {t('cart.checkout')}
            <ArrowLeft className="size-4 ltr:rotate-180" aria-hidden="true" />
          </Button>
          <LinkButton to="/products" variant="ghost" className="mt-2 w-full">
            {t('cart.continue_shopping')}
          </LinkButton>
        </aside>
      </div>
      <ConfirmDialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title={t('cart.clear_title')}
        message={t('cart.clear_message')}
        confirmLabel={t('cart.clear')}
        onConfirm={() => {
          cart.clear()
          setConfirmClear(false)
        }}
      />
    </div>
  )
}

/**
 * Issue 26: the cart never promises free delivery the checkout then charges. Delivery is the city's price: free only when
 * every active city delivers free, one price when all cities cost the same, otherwise the range from the cheapest to
 * the dearest city (decision 0135).
 */
function DeliveryRow() {
  const { t } = useTranslation('storefront')
  const cities = useActiveCities()
  const prices = (cities.data ?? []).map((c) => c.delivery_price)
  const low = prices.length ? Math.min(...prices) : null
  const high = prices.length ? Math.max(...prices) : null
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-stone-600">{t('cart.shipping')}</dt>
      <dd className="text-end font-semibold text-stone-800" data-testid="cart-delivery">
        {low === null || high === null ? (
          <span className="text-stone-600">{t('cart.delivery_by_city')}</span>
        ) : high === 0 ? (
          <span className="text-palm-700">{t('cart.free')}</span>
        ) : low === high ? (
          <Money value={low} />
        ) : (
          <Trans
            t={t}
            i18nKey="cart.delivery_range"
            components={[<Money key="from" value={low} />, <Money key="to" value={high} />]}
          />
        )}
      </dd>
    </div>
  )
}
