import { act, render, renderHook, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { CartProvider, useCart } from './cart-provider.tsx'

function Probe() {
  const cart = useCart()
  return (
    <div>
      <span data-testid="count">{cart.itemCount}</span>
      <span data-testid="total">{cart.totalCents}</span>
      <button onClick={() => cart.add({ id: 5, name: 'Honey', price: 40, stock: 3 })}>add</button>
    </div>
  )
}

describe('CartProvider (product.md §4.2)', () => {
  it('throws outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => renderHook(() => useCart())).toThrow('useCart must be used within a CartProvider')
  })
  it('loads the saved cart and saves every change back', () => {
    localStorage.setItem('cart', JSON.stringify([{ id: 5, name: 'Honey', retail_price: '40', quantity: 2 }]))
    render(
      <CartProvider>
        <Probe />
      </CartProvider>,
    )
    expect(screen.getByTestId('count')).toHaveTextContent('2')
    act(() => screen.getByText('add').click())
    expect(screen.getByTestId('count')).toHaveTextContent('3')
    expect(screen.getByTestId('total')).toHaveTextContent('12000')
    expect(JSON.parse(localStorage.getItem('cart')!)[0].quantity).toBe(3)
  })
  it('removes a saved cart that cannot be parsed and logs it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    localStorage.setItem('cart', '[{oops')
    render(
      <CartProvider>
        <Probe />
      </CartProvider>,
    )
    expect(screen.getByTestId('count')).toHaveTextContent('0')
    expect(localStorage.getItem('cart')).toBeNull()
    expect(log).toHaveBeenCalled()
  })
})
