import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Language } from '@shop/shared/i18n/messages'
import type { Product } from '@shop/shared/schemas/product'
import { mockFetch, renderScreen, setLanguage } from '../../test/render-with-providers.tsx'
import { makeProduct } from '../../test/make-product.ts'
import { ProductCard } from './product-card.tsx'

// Issue 39 item 5 / decision 0228: an automatic offer shows on cards and the product page, not only in the cart: a
// badge and the price after it beside the crossed-out regular price, in Arabic and English.

beforeEach(() => mockFetch({}))
afterEach(() => vi.unstubAllGlobals())

const onOffer = (label: string): Product => {
  const p = makeProduct(1)
  return {
    ...p,
    offer: { promotion_id: 9, label, percent: 15, amount: null, retail_only: true, ends_at: null },
    offer_price: 21.25,
    variants: p.variants.map((v) => ({ ...v, offer_price: 21.25 })),
  }
}

const cases: [Language, string, RegExp, RegExp, RegExp][] = [
  ['en', 'Eid sale', /25\.00 LYD/, /21\.25 LYD/, /Offer: Eid sale/],
  ['ar', 'تخفيض العيد', /25\.00 د\.ل/, /21\.25 د\.ل/, /عرض: تخفيض العيد/],
]

describe.each(cases)('an automatic offer before the cart (%s)', (lang, label, regular, after, named) => {
  beforeEach(() => setLanguage(lang))

  it('the card shows the badge and the price after it, the regular price crossed out', () => {
    renderScreen(<ProductCard product={onOffer(label)} />)
    const badge = screen.getByTestId('offer-badge')
    expect(badge).toHaveTextContent('−15 %')
    expect(badge).toHaveTextContent(named)
    const price = screen.getByTestId('card-price')
    expect(within(price).getByText(after)).toBeInTheDocument()
    expect(within(price).getByTestId('crossed-price').tagName).toBe('DEL')
    expect(within(price).getByTestId('crossed-price')).toHaveTextContent(regular)
  })

  it('without an offer: one price, no badge, nothing crossed out', () => {
    renderScreen(<ProductCard product={makeProduct(1)} />)
    expect(screen.queryByTestId('offer-badge')).toBeNull()
    expect(screen.queryByTestId('crossed-price')).toBeNull()
    expect(within(screen.getByTestId('card-price')).getByText(regular)).toBeInTheDocument()
  })
})
