import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Link, Outlet } from 'react-router'
import { mockFetch, renderRoutes, setLanguage } from '../../test/render-with-providers.tsx'
import { TopNav } from './top-nav.tsx'

const user = (over: Record<string, unknown> = {}) => ({
  id: 1,
  name: 'Sara',
  email: 's@example.ly',
  is_admin: false,
  is_active: true,
  role: 'user',
  roles: [{ name: 'user' }],
  created_at: '2025-01-01',
  ...over,
})

function renderNav(path = '/') {
  return renderRoutes(
    [
      {
        element: (
          <>
            <TopNav />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <Link to="/products">go to products</Link> },
          { path: '*', element: <p>page</p> },
        ],
      },
    ],
    path,
  )
}

beforeEach(() => setLanguage('en'))
afterEach(() => vi.unstubAllGlobals())

describe('TopNav (product.md §2.2)', () => {
  it('shows sign-in and register but no dashboard or logout when signed out', () => {
    mockFetch({})
    renderNav()
    const nav = screen.getAllByRole('navigation')[0]!
    expect(within(nav).queryByRole('link', { name: /dashboard/i })).toBeNull()
    expect(screen.getAllByRole('link', { name: 'Sign in' }).length).toBeGreaterThan(0)
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Change password' })).toBeNull()
  })

  it('shows the dashboard link only for a staff user', async () => {
    localStorage.setItem('token', 't')
    mockFetch({
      'GET /api/me': () => ({ body: user({ is_admin: true, role: 'admin', roles: [{ name: 'admin' }] }) }),
    })
    renderNav()
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument()
  })

  it('hides the dashboard link from a signed-in shopper', async () => {
    localStorage.setItem('token', 't')
    mockFetch({ 'GET /api/me': () => ({ body: user() }) })
    renderNav()
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull()
  })

  it('gives a signed-in shopper a link to change the password (issue 26), and none when signed out', async () => {
    localStorage.setItem('token', 't')
    mockFetch({ 'GET /api/me': () => ({ body: user() }) })
    renderNav()
    expect((await screen.findAllByRole('link', { name: 'Change password' }))[0]).toHaveAttribute(
      'href',
      '/change-password',
    )
  })

  it('recognises the role name "Super Admin" too', async () => {
    localStorage.setItem('token', 't')
    mockFetch({ 'GET /api/me': () => ({ body: user({ roles: [{ name: 'Super Admin' }] }) }) })
    renderNav()
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeInTheDocument()
  })

  it('badges the cart with the total quantity, and none for an empty cart', () => {
    mockFetch({})
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { id: 1, name: 'a', price: 1, quantity: 2 },
        { id: 2, name: 'b', price: 1, quantity: 3 },
      ]),
    )
    renderNav()
    expect(screen.getAllByTestId('cart-badge')[0]).toHaveTextContent('5')
  })

  it('has no badge when the cart is empty', () => {
    mockFetch({})
    renderNav()
    expect(screen.queryByTestId('cart-badge')).toBeNull()
  })

  it('opens the hamburger panel and closes it on navigation, on the backdrop and on Escape', async () => {
    mockFetch({})
    const u = userEvent.setup()
    renderNav()
    const toggle = screen.getByRole('button', { name: 'Open menu' })
    await u.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const panel = document.getElementById('mobile-menu')!
    await u.click(within(panel).getByRole('link', { name: 'My orders' }))
    await waitFor(() => expect(document.getElementById('mobile-menu')).toBeNull())

    await u.click(screen.getByRole('button', { name: 'Open menu' }))
    await u.click(screen.getByTestId('menu-backdrop'))
    expect(document.getElementById('mobile-menu')).toBeNull()

    await u.click(screen.getByRole('button', { name: 'Open menu' }))
    await u.keyboard('{Escape}')
    expect(document.getElementById('mobile-menu')).toBeNull()
  })

  it('switches the language: saved for this browser and the server, texts and the page data in the new language', async () => {
    mockFetch({})
    const u = userEvent.setup()
    renderNav()
    await u.click(screen.getAllByRole('button', { name: /العربية/ })[0]!)
    expect((await screen.findAllByRole('link', { name: 'المنتجات' })).length).toBeGreaterThan(0)
    expect(localStorage.getItem('language')).toBe('ar')
    expect(document.cookie).toContain('language=ar')
    // The root route's data was read again in Arabic (the server renders in the cookie's language).
    expect(screen.getAllByRole('button', { name: /English/ }).length).toBeGreaterThan(0)
    await setLanguage('en')
  })
})
