import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Language } from '@shop/shared/i18n/messages'
import { mockFetch, renderScreen, setLanguage } from '../../test/render-with-providers.tsx'
import type { NotAppliedOffer } from '../../lib/cart/cart-offers.ts'
import { NotAppliedOffers } from './offers.tsx'

// Decision 0228: the cart and the checkout word the quote's reasons in the shopper's language; nothing is inferred.

beforeEach(() => mockFetch({}))
afterEach(() => vi.unstubAllGlobals())

const offers: NotAppliedOffer[] = [
  { key: '1', label: 'Big basket', reason: 'minimum', missing: 12.5 },
  { key: '2', label: 'Cartons', reason: 'wholesale', missing: null },
  { key: '3', label: 'Tripoli', reason: 'city', missing: null },
]

const cases: [Language, RegExp[]][] = [
  [
    'en',
    [
      /Big basket: add 12\.50 LYD more to get it/,
      /Cartons: not for wholesale quantities/,
      /Tripoli: for another delivery city/,
    ],
  ],
  [
    'ar',
    [
      /Big basket: أضف 12\.50 د\.ل للحصول عليه/,
      /Cartons: لا يشمل كميات الجملة/,
      /Tripoli: لمدينة توصيل أخرى/,
    ],
  ],
]

describe.each(cases)('offers not in the order (%s)', (lang, lines) => {
  beforeEach(() => setLanguage(lang))

  it('lists each offer with its reason', () => {
    renderScreen(<NotAppliedOffers offers={offers} />)
    const items = screen.getAllByRole('listitem')
    expect(items).toHaveLength(3)
    lines.forEach((line, i) => expect(items[i]).toHaveTextContent(line))
  })

  it('draws nothing when every offer applied', () => {
    renderScreen(<NotAppliedOffers offers={[]} />)
    expect(screen.queryByTestId('not-applied')).toBeNull()
  })
})
