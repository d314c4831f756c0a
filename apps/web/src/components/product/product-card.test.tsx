import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockFetch, renderScreen, setLanguage } from '../../test/render-with-providers.tsx'
import { ProductCard } from './product-card.tsx'
import { makePackedProduct, makeProduct, makeVariant } from '../../test/make-product.ts'

beforeEach(() => {
  mockFetch({})
  return setLanguage('en')
})
afterEach(() => vi.unstubAllGlobals())

describe('product card (product.md §2.5)', () => {
  it('shows retail price, the wholesale line, chips and the stock count', () => {
    renderScreen(<ProductCard product={makeProduct(1)} />)
    expect(screen.getByText('25.00 LYD')).toBeInTheDocument()
    expect(screen.getByText('At purchase of 10+:')).toBeInTheDocument()
    expect(screen.getByText('20.00 LYD')).toBeInTheDocument()
    expect(screen.getByText('Stock: 7')).toBeInTheDocument()
    expect(screen.getByText('Ghat')).toBeInTheDocument()
  })
  it('has no wholesale line without a threshold', () => {
    renderScreen(<ProductCard product={makeProduct(1, { wholesale_threshold: null })} />)
    expect(screen.queryByText(/At purchase of/)).toBeNull()
  })
  it('adds to the cart with a toast', async () => {
    renderScreen(<ProductCard product={makeProduct(1)} />)
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart: Dates 1' }))
    expect(await screen.findByText('Dates 1 added to cart')).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([
      expect.objectContaining({ id: 1, variant_id: 1, quantity: 1 }),
    ])
  })
  it('is disabled with an overlay when out of stock', () => {
    renderScreen(<ProductCard product={makeProduct(1, { stock: 0 })} />)
    expect(screen.getByRole('button', { name: 'Out of stock: Dates 1' })).toBeDisabled()
    expect(screen.getAllByText('Out of stock').length).toBeGreaterThanOrEqual(2)
  })
  it('says "In stock" for an always-in-stock product, without a count', () => {
    renderScreen(<ProductCard product={makeProduct(1, { stock: 1, is_always_in_stock: true })} />)
    expect(screen.getByText('In stock')).toBeInTheDocument()
    expect(screen.queryByText(/Stock: 1/)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add to cart: Dates 1' })).toBeEnabled()
  })
  it('says "Out of stock" for an always-in-stock product marked out of stock, and refuses it', () => {
    renderScreen(<ProductCard product={makeProduct(1, { stock: 0, is_always_in_stock: true })} />)
    expect(screen.getAllByText('Out of stock').length).toBeGreaterThanOrEqual(2)
    expect(screen.queryByText('In stock')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Out of stock: Dates 1' })).toBeDisabled()
  })
  it.each([
    ['en', 'Add to cart'],
    ['ar', 'أضف إلى السلة'],
  ] as const)(
    'names its button with the words it shows, then the product (WCAG 2.5.3, %s)',
    async (lang, words) => {
      await setLanguage(lang)
      renderScreen(<ProductCard product={makeProduct(1)} />)
      const button = screen.getByRole('button', { name: `${words}: Dates 1` })
      expect(button.textContent?.trim()).toBe(words)
    },
  )
  it('swaps a broken image for the fallback picture', () => {
    renderScreen(<ProductCard product={makeProduct(1, { image_small_url: '/api/images/x/small.webp' })} />)
    const img = screen.getByRole('img', { name: 'Dates 1' })
    img.dispatchEvent(new Event('error'))
    expect(img.getAttribute('src')).toBe('/product-fallback.svg')
  })
})

describe('product card with pack sizes (issue 28, decision 0151)', () => {
  const sizes = (prices: number[], over: Parameters<typeof makeVariant>[1] = {}) =>
    makePackedProduct(
      4,
      prices.map((price, i) => makeVariant(40 + i, { label: ['500 g', '1 kg', '5 kg'][i], price, ...over })),
    )

  it.each([
    ['en', 'From', '12.00 LYD'],
    ['ar', 'من', '12.00 د.ل'],
  ] as const)(
    'says "from" the cheapest size when the sizes cost differently (%s)',
    async (lang, from, money) => {
      await setLanguage(lang)
      renderScreen(<ProductCard product={sizes([22, 12, 100])} />)
      expect(screen.getByTestId('card-price')).toHaveTextContent(`${from} ${money}`)
      expect(screen.getByTestId('card-sizes')).toHaveTextContent('500 g · 1 kg · 5 kg')
    },
  )

  it('shows the one price, without "from", when every size costs the same', () => {
    renderScreen(<ProductCard product={sizes([15, 15])} />)
    expect(screen.getByTestId('card-price')).toHaveTextContent(/^15\.00 LYD$/)
  })

  it('opens the product page to choose a size instead of adding one the shopper did not pick', async () => {
    renderScreen(<ProductCard product={sizes([22, 12, 100])} />)
    expect(screen.queryByRole('button', { name: /Add to cart/ })).toBeNull()
    const choose = screen.getByRole('link', { name: 'Choose a size: Dates 4' })
    expect(choose).toHaveAttribute('href', '/products/dates-4')
    expect(choose.textContent).toBe('Choose a size')
    expect(localStorage.getItem('cart')).toBeNull()
  })

  it('is out of stock only when every size is', () => {
    renderScreen(<ProductCard product={sizes([22, 12], { stock: 0 })} />)
    expect(screen.getByRole('button', { name: 'Out of stock: Dates 4' })).toBeDisabled()
  })
})
