import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockFetch, renderScreen, setLanguage } from '../../test/render-with-providers.tsx'
import { ProductCard } from './product-card.tsx'
import { makeProduct } from '../../test/make-product.ts'

beforeEach(() => {
  mockFetch({})
  return setLanguage('en')
})
afterEach(() => vi.unstubAllGlobals())

describe('product card (product.md §2.5)', () => {
  it('shows retail price, the wholesale line, chips and the stock count', () => {
    renderScreen(<ProductCard product={makeProduct(1)} />)
    expect(screen.getByText('25.00 LYD')).toBeInTheDocument()
    expect(screen.getByText('At purchase of 10+ :')).toBeInTheDocument()
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
      expect.objectContaining({ id: 1, quantity: 1 }),
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
