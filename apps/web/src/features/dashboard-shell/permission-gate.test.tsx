import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import type { User } from '@shop/shared/schemas/auth'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuthProvider } from '../../lib/auth/auth-provider.tsx'
import i18n from '../../lib/i18n.ts'
import { createQueryClient } from '../../lib/query-client.ts'
import { setToken, STORAGE_KEYS, writeStorage } from '../../lib/storage.ts'
import { stubFetch } from '../../test/render-dashboard.tsx'
import { DashboardSidebar } from './dashboard-sidebar.tsx'
import { PermissionGate } from './permission-gate.tsx'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

const clerk: User = {
  id: 5,
  name: 'Huda the clerk',
  email: 'huda@example.ly',
  is_admin: true,
  is_active: true,
  role: 'admin',
  roles: [{ name: 'admin' }],
  created_at: '2026-11-27T10:00:00Z',
  permissions: ['orders.view', 'orders.process'],
  staff_role: { id: 3, key: 'order_clerk', name: 'Order clerk' },
}

/** The dashboard's side navigation and three screens behind the gate, opened at `path`, as `user`. */
async function openDashboard(path: string, user: User, lang: 'ar' | 'en' = 'en') {
  await i18n.changeLanguage(lang)
  setToken('t'.repeat(40))
  writeStorage(STORAGE_KEYS.user, JSON.stringify(user))
  stubFetch((call) => (call.url.endsWith('/api/me') ? { body: user } : { body: {} }))
  const screenAt = (name: string) => (
    <>
      <DashboardSidebar
        collapsed={false}
        onToggleCollapsed={() => {}}
        mobileOpen={false}
        onCloseMobile={() => {}}
      />
      <PermissionGate>
        <h1>{name}</h1>
      </PermissionGate>
    </>
  )
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: screenAt('Overview screen') },
      { path: '/dashboard/products', element: screenAt('Products screen') },
      { path: '/dashboard/orders', element: screenAt('Orders screen') },
      { path: '/dashboard/profile', element: screenAt('Profile screen') },
    ],
    { initialEntries: [path] },
  )
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  )
  return router
}

describe('the dashboard shows a role only what it may use (issue 30, decision 0190)', () => {
  it('gives an order clerk the orders link and none of products, sales, users, team or settings', async () => {
    await openDashboard('/dashboard/orders', clerk)
    expect(await screen.findByRole('heading', { name: 'Orders screen' })).toBeInTheDocument()
    const nav = screen.getByRole('complementary', { name: 'Dashboard navigation' })
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/dashboard/orders')
    for (const name of [
      'Overview',
      'Products',
      'Sales',
      'Customers',
      'Team',
      'Settings',
      'Audit trail',
      'Offers',
    ]) {
      expect(within(nav).queryByRole('link', { name })).not.toBeInTheDocument()
    }
  })

  it('answers a typed URL the role lacks with the no-access screen, in Arabic too, not the screen', async () => {
    await openDashboard('/dashboard/products', clerk)
    expect(
      await screen.findByRole('heading', { name: "You don't have access to this page" }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Products screen' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to what you can work on' })).toHaveAttribute(
      'href',
      '/dashboard/orders',
    )
  })

  it('says it in Arabic', async () => {
    await openDashboard('/dashboard/products', clerk, 'ar')
    expect(await screen.findByRole('heading', { name: 'لا تملك صلاحية هذه الصفحة' })).toBeInTheDocument()
  })

  it('sends a clerk from the overview (the shop’s figures) to the orders', async () => {
    const router = await openDashboard('/dashboard', clerk)
    expect(await screen.findByRole('heading', { name: 'Orders screen' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/orders')
  })

  it('lets every staff member open their profile', async () => {
    await openDashboard('/dashboard/profile', clerk)
    expect(await screen.findByRole('heading', { name: 'Profile screen' })).toBeInTheDocument()
  })

  it('shows the owner every screen', async () => {
    const owner: User = {
      ...clerk,
      role: 'super_admin',
      roles: [{ name: 'super_admin' }],
      permissions: undefined,
      staff_role: undefined,
    }
    await openDashboard('/dashboard', owner)
    expect(await screen.findByRole('heading', { name: 'Overview screen' })).toBeInTheDocument()
    const nav = screen.getByRole('complementary', { name: 'Dashboard navigation' })
    for (const name of ['Overview', 'Products', 'Orders', 'Sales', 'Team', 'Settings', 'Audit trail']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument()
    }
  })
})
