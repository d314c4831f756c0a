import { memo } from 'react'
import { act, render, renderHook, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { CartProvider, useCart, useCartAdd } from './cart-provider.tsx'

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
  it('does not draw again a component that only adds when the cart changes (decision 0185)', () => {
    localStorage.clear()
    const renders = vi.fn()
    const AddOnly = memo(function AddOnly() {
      const add = useCartAdd()
      renders()
      return <button onClick={() => add({ id: 6, name: 'Dates', price: 10, stock: 9 })}>add dates</button>
    })
    render(
      <CartProvider>
        <Probe />
        <AddOnly />
      </CartProvider>,
    )
    const before = renders.mock.calls.length
    act(() => screen.getByText('add dates').click())
    act(() => screen.getByText('add').click())
    expect(screen.getByTestId('count')).toHaveTextContent('2')
    expect(renders).toHaveBeenCalledTimes(before)
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
