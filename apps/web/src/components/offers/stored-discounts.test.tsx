import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { mockFetch, renderScreen, setLanguage } from '../../test/render-with-providers.tsx'
import { StoredDiscounts } from './stored-discounts.tsx'

// Decision 0176: a placed order's discounts as stored (my orders, tracking), in ar and en.

const adjustments = [
  { promotion_id: 4, code: 'EID10', label: 'خصم العيد', amount: 12, target: 'items' as const },
  { promotion_id: 9, code: null, label: 'توصيل مجاني', amount: 15, target: 'delivery' as const },
]

beforeEach(() => {
  mockFetch({})
})

describe('stored discounts of an order (decision 0176)', () => {
  it('lists each discount with −amount, delivery struck through and free, the discount total and the stored total', async () => {
    await setLanguage('ar')
    renderScreen(
      <StoredDiscounts
        subtotal={120}
        deliveryPrice={15}
        discountTotal={27}
        total={108}
        adjustments={adjustments}
      />,
      '/',
    )
    const box = await screen.findByTestId('order-discounts')
    const lines = within(box).getAllByTestId('discount-line')
    expect(lines.map((l) => l.textContent)).toEqual(['خصم العيدEID10−12.00 د.ل', 'توصيل مجاني−15.00 د.ل'])
    expect(box.querySelector('del')).toHaveTextContent('15.00 د.ل')
    expect(box).toHaveTextContent('مجاني')
    expect(within(box).getByTestId('order-discount-total')).toHaveTextContent('−27.00 د.ل')
    // The stored total, never added up again.
    expect(box).toHaveTextContent('108.00 د.ل')
  })

  it('a part of the delivery fee: the fee struck through and what is left', async () => {
    await setLanguage('en')
    renderScreen(
      <StoredDiscounts
        subtotal={50}
        deliveryPrice={30}
        discountTotal={10}
        total={70}
        adjustments={[
          { promotion_id: 2, code: null, label: 'Half delivery', amount: 10, target: 'delivery' },
        ]}
      />,
      '/',
    )
    const box = await screen.findByTestId('order-discounts')
    expect(box.querySelector('del')).toHaveTextContent('30.00 LYD')
    expect(box).toHaveTextContent('20.00 LYD')
  })

  it('shows nothing for an order without discounts', async () => {
    await setLanguage('en')
    renderScreen(
      <div data-testid="host">
        <StoredDiscounts subtotal={50} deliveryPrice={15} discountTotal={0} total={65} adjustments={[]} />
      </div>,
      '/',
    )
    expect(await screen.findByTestId('host')).toBeEmptyDOMElement()
  })
})
