import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Language } from '@shop/shared/i18n/messages'
import type { Product } from '@shop/shared/schemas/product'
import { mockFetch, renderScreen, setLanguage } from '../../../test/render-with-providers.tsx'
import { makeProduct } from '../../../test/make-product.ts'
import { ProductPage } from './product-page.tsx'

// Issue 39 item 5 / decision 0228: the product page shows the automatic offer by name, its badge, and the chosen pack's
// price after it beside the crossed-out regular price, in Arabic and English (the card: components/product).

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

const cases: [Language, string, RegExp, RegExp][] = [
  ['en', 'Eid sale', /25\.00 LYD/, /21\.25 LYD/],
  ['ar', 'تخفيض العيد', /25\.00 د\.ل/, /21\.25 د\.ل/],
]

describe.each(cases)('the product page with an automatic offer (%s)', (lang, label, regular, after) => {
  beforeEach(() => setLanguage(lang))

  it('the product page shows the offer by name and the crossed-out price of the chosen pack', () => {
    renderScreen(<ProductPage product={onOffer(label)} related={[]} />, '/products/dates-1')
    expect(screen.getByTestId('offer-badge')).toHaveTextContent('−15 %')
    expect(screen.getByText(label)).toBeInTheDocument()
    const price = screen.getByTestId('pack-price')
    expect(within(price).getByText(after)).toBeInTheDocument()
    expect(within(price).getByTestId('crossed-price')).toHaveTextContent(regular)
  })
})
