import { act, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router'
import { ScrollToTop } from './scroll-to-top.tsx'

let navigate: NavigateFunction
function Navigator() {
  navigate = useNavigate()
  return null
}

function setup(entry: string) {
  const scrollTo = vi.fn()
  vi.stubGlobal('scrollTo', scrollTo)
  render(
    <MemoryRouter initialEntries={[entry]}>
      <ScrollToTop />
      <Navigator />
    </MemoryRouter>,
  )
  return scrollTo
}

afterEach(() => vi.unstubAllGlobals())

describe('a link to another screen opens it at its top', () => {
  it('scrolls to the top when the screen changes (checkout → confirmation), not on the first render', async () => {
    const scrollTo = setup('/checkout')
    expect(scrollTo).not.toHaveBeenCalled()
    await act(async () => navigate('/order-confirmation', { state: { orderId: 1 } }))
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' })
  })

  it('keeps the place when only the query changes, on back/forward and for a /#section link', async () => {
    const scrollTo = setup('/products')
    await act(async () => navigate('/products?page=2'))
    await act(async () => navigate('/#contact'))
    await act(async () => navigate(-1))
    expect(scrollTo).not.toHaveBeenCalled()
  })
})
