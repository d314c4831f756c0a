import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockFetch, renderScreen, setLanguage } from '../../../test/render-with-providers.tsx'
import { CartPage } from './cart-page.tsx'

beforeEach(async () => {
  mockFetch({})
  await setLanguage('en')
})
afterEach(() => vi.unstubAllGlobals())

const seed = (quantity: number) =>
  localStorage.setItem('cart', JSON.stringify([{ id: 1, name: 'Deglet dates', price: 25, retail_price: 25, wholesale_price: 20, wholesale_threshold: 10, stock: 50, quantity }]))

describe('cart page (SPEC §2)', () => {
  it('shows the empty state with continue shopping', () => {
    renderScreen(<CartPage />, '/cart')
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/products')
  })

  it('switches to the wholesale price at the threshold and back, with the hint below it', async () => {
    seed(9)
    const u = userEvent.setup()
    renderScreen(<CartPage />, '/cart')
    expect(screen.getByText('Add 1 more for the wholesale price')).toBeInTheDocument()
    expect(screen.getAllByText('225.00 د.ل').length).toBeGreaterThan(0)
    await u.click(screen.getByRole('button', { name: 'Increase quantity of Deglet dates' }))
    expect(screen.getByText('Wholesale price applied!')).toBeInTheDocument()
    expect(screen.getAllByText('200.00 د.ل').length).toBeGreaterThan(0)
    await u.click(screen.getByRole('button', { name: 'Decrease quantity of Deglet dates' }))
    expect(screen.queryByText('Wholesale price applied!')).toBeNull()
  })

  it('keeps 1 on minus at 1 and removes with the remove button', async () => {
    seed(1)
    const u = userEvent.setup()
    renderScreen(<CartPage />, '/cart')
    expect(screen.getByRole('button', { name: 'Decrease quantity of Deglet dates' })).toBeDisabled()
    await u.click(screen.getByRole('button', { name: 'Remove Deglet dates' }))
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument()
  })

  it('shows free shipping and the total; clear cart asks first, then empties it', async () => {
    seed(2)
    const u = userEvent.setup()
    const { router } = renderScreen(<CartPage />, '/cart')
    const summary = screen.getByRole('complementary')
    expect(within(summary).getByText('Free')).toBeInTheDocument()
    expect(within(summary).getAllByText('50.00 د.ل')).toHaveLength(2)
    await u.click(screen.getByRole('button', { name: 'Clear cart' }))
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear cart' }))
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/cart')
  })

  it('goes to /checkout', async () => {
    seed(2)
    const { router } = renderScreen(<CartPage />, '/cart')
    await userEvent.click(screen.getByRole('button', { name: /Proceed to checkout/ }))
    expect(router.state.location.pathname).toBe('/checkout')
  })
})
