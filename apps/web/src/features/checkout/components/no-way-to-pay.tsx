import { AlertTriangle, MessageCircle, ShoppingCart } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { fromCents, toCents } from '@shop/shared/money/money'
import { codRefusal, type CodRefusal } from '@shop/shared/orders/cod'
import type { City } from '@shop/shared/schemas/city'
import { LinkButton } from '../../../components/ui/button.tsx'
import { Money } from '../../../components/ui/money.tsx'
import type { CartItem } from '../../../lib/cart/cart-model.ts'
import { useShopBrand, useShopSettings } from '../../../lib/shop-settings.ts'
import { whatsappOrderHref, whatsappOrderText } from '../whatsapp-order.ts'
import type { SummaryNumbers } from './order-summary.tsx'

/** The cities (other than `city`) where cash on delivery pays this cart with their own delivery price. */
export function citiesTakingCash(cities: City[], city: City, subtotalCents: number): City[] {
  return cities.filter(
    (c) =>
      c.id !== city.id &&
      codRefusal(
        { cod_allowed: c.cod_allowed ?? true, cod_max_total: c.cod_max_total ?? null },
        subtotalCents + (toCents(c.delivery_price) ?? 0),
      ) === null,
  )
}

/**
 * Issue 26, decision 0136: the city takes no cash (or not this much) and the shop has no online payment. Instead of a
 * dead end, what is possible: a smaller order (up to the city's cash limit), another city where cash pays this order,
 * or the order sent to the shop on WhatsApp with the cart written in.
 */
export function NoWayToPay({
  refusal,
  city,
  cities,
  items,
  numbers,
  onChooseCity,
}: {
  refusal: CodRefusal
  city: City
  cities: City[]
  items: CartItem[]
  numbers: SummaryNumbers
  onChooseCity(city: City): void
}) {
  const { t } = useTranslation('storefront')
  const settings = useShopSettings()
  const { moneySymbol } = useShopBrand()
  const others = citiesTakingCash(cities, city, numbers.subtotalCents).slice(0, 6)
  const whatsapp = whatsappOrderHref(
    settings.whatsapp_number,
    whatsappOrderText(t, { ...numbers, items, city: city.name }, moneySymbol),
  )
  return (
    <section
      aria-labelledby="no-way-title"
      data-testid="no-way-to-pay"
      className="rounded-[var(--radius-card)] border border-honey-400 bg-honey-50 p-4 text-sm text-stone-900 sm:p-5"
    >
      <h2 id="no-way-title" className="flex items-center gap-2 text-base font-bold">
        <AlertTriangle className="size-5 shrink-0 text-honey-700" aria-hidden="true" />
        {t('checkout.no_way.title')}
      </h2>
      <p className="mt-1 text-stone-700">
        {refusal.reason === 'disabled'
          ? t('checkout.no_way.text_disabled', { city: city.name })
          : t('checkout.no_way.text_over_limit', { city: city.name })}
      </p>
      <ul className="mt-3 space-y-3">
        {refusal.reason === 'over_limit' ? (
          <li className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {t('checkout.no_way.smaller')} <Money value={refusal.max} className="font-bold" />
              {' · '}
              {t('checkout.no_way.smaller_now')}{' '}
              <Money value={fromCents(numbers.totalCents)} className="font-semibold" />
            </span>
            <LinkButton to="/cart" variant="secondary" size="sm">
              <ShoppingCart className="size-4" aria-hidden="true" />
              {t('checkout.edit_cart')}
            </LinkButton>
          </li>
        ) : null}
        {others.length ? (
          <li>
            <p>{t('checkout.no_way.other_city')}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              {others.map((c) => (
                <button
                  key={c.id}
                  type="button"
                  onClick={() => onChooseCity(c)}
                  className="min-h-9 rounded-[var(--radius-control)] border border-sand-300 bg-white px-3 py-1.5 font-semibold text-palm-800 hover:bg-sand-100"
                >
                  <bdi>{c.name}</bdi>
                </button>
              ))}
            </div>
          </li>
        ) : null}
        {whatsapp ? (
          <li className="flex flex-wrap items-center justify-between gap-2">
            <span>{t('checkout.no_way.whatsapp_text')}</span>
            <a
              href={whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-10 items-center gap-2 rounded-[var(--radius-control)] bg-palm-700 px-4 py-2 font-bold text-white hover:bg-palm-800"
            >
              <MessageCircle className="size-4" aria-hidden="true" />
              {t('checkout.no_way.whatsapp')}
            </a>
          </li>
        ) : settings.contact_phone ? (
          <li>
            {t('checkout.no_way.call')}{' '}
            <a href={`tel:${settings.contact_phone}`} className="ltr-nums font-bold text-palm-800 underline">
              {settings.contact_phone}
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  )
}
