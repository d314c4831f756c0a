import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeProduct } from '../../../test/make-product.ts'
import { mockFetch, renderScreen, setLanguage } from '../../../test/render-with-providers.tsx'
import { LandingPage } from './landing-page.tsx'

beforeEach(() => setLanguage('en'))
afterEach(() => vi.unstubAllGlobals())

describe('landing page (product.md §2.3)', () => {
  it('has the hero with its buttons to the sections, and every section, whole at once', async () => {
    mockFetch({})
    renderScreen(<LandingPage featured={[]} />)
    for (const id of ['about', 'products', 'quality', 'contact'])
      expect(document.getElementById(id)?.tagName, id).toBe('SECTION')
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '#contact')
    expect(screen.getByRole('heading', { name: 'Get in touch', level: 2 })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Featured products', level: 2 })).toBeInTheDocument()
  })

  it('shows the featured products it was given, each linked to its page and added to the cart from its card', async () => {
    mockFetch({})
    renderScreen(
      <LandingPage
        featured={[
          makeProduct(1, { name: 'Deglet Nour' }),
          makeProduct(2, { name: 'Sidr honey', slug: 'sidr-honey' }),
        ]}
      />,
    )
    const featured = document.getElementById('products')!
    expect(within(featured).getAllByRole('article')).toHaveLength(2)
    expect(within(featured).getByRole('link', { name: 'Sidr honey' })).toHaveAttribute(
      'href',
      '/products/sidr-honey',
    )
    await userEvent.click(within(featured).getByRole('button', { name: 'Add to cart: Deglet Nour' }))
    expect(await screen.findByText('Deglet Nour added to cart')).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('cart')!)).toMatchObject([{ id: 1, quantity: 1 }])
  })

  it('says so when no product is on offer', () => {
    mockFetch({})
    renderScreen(<LandingPage featured={[]} />)
    expect(within(document.getElementById('products')!).getByText('No products found')).toBeInTheDocument()
  })
})
