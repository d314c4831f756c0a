import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Role } from '@shop/shared/schemas/auth'
import type { UserSummary } from '@shop/shared/schemas/user'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { UsersScreen } from './users-screen.tsx'

const person = (id: number, name: string, role: Role): UserSummary => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.ly`,
  role,
  roles: [{ name: role }],
  is_admin: role !== 'user',
  is_active: true,
  created_at: '2025-01-01T00:00:00Z',
  orders_count: 0,
  orders_total: 0,
})
const rows = [
  person(1, 'Owner', 'super_admin'),
  person(2, 'Amal', 'admin'),
  person(3, 'Sara', 'user'),
  person(4, 'Noor', 'super_admin'),
]

async function renderAs(me: UserSummary) {
  localStorage.setItem('token', 't')
  stubFetch((c) => {
    if (c.url === '/api/me') return { body: me }
    if (c.url.startsWith('/api/users?'))
      return { body: { data: rows, total: rows.length, last_page: 1, current_page: 1, per_page: 10 } }
    return undefined
  })
  await renderDashboard(<UsersScreen />, 'en')
  await screen.findByText('(you)')
  return (name: string) => within(screen.getByRole('row', { name: new RegExp(name) }))
}

afterEach(() => vi.unstubAllGlobals())

describe('dashboard users', { timeout: 20_000 }, () => {
  it('offers a plain admin the activity toggle only on rows the server lets them change', async () => {
    const row = await renderAs(rows[1]!)
    // The API refuses (403) a plain admin changing a super admin's activity, and anyone changing their own.
    expect(row('Owner').queryByRole('button', { name: 'Deactivate Owner' })).not.toBeInTheDocument()
    expect(row('Noor').queryByRole('button', { name: 'Deactivate Noor' })).not.toBeInTheDocument()
    expect(row('Amal').queryByRole('button', { name: 'Deactivate Amal' })).not.toBeInTheDocument()
    expect(row('Sara').getByRole('button', { name: 'Deactivate Sara' })).toBeInTheDocument()
    // Roles are changed by a super admin only.
    expect(screen.queryByRole('button', { name: /^Change the role of/ })).not.toBeInTheDocument()
    expect(row('Owner').getByRole('button', { name: 'View Owner' })).toBeInTheDocument()
  })

  it('offers a super admin both controls on every row but their own', async () => {
    const row = await renderAs(rows[0]!)
    expect(row('Owner').queryByRole('button', { name: /^(Deactivate|Change the role of) Owner/ })).toBeNull()
    for (const name of ['Noor', 'Amal', 'Sara']) {
      expect(row(name).getByRole('button', { name: `Deactivate ${name}` })).toBeInTheDocument()
      expect(row(name).getByRole('button', { name: `Change the role of ${name}` })).toBeInTheDocument()
    }
  })
})

describe('dashboard users pages', { timeout: 20_000 }, () => {
  it('goes back to the last page when the page shown has emptied (a user left the filter)', async () => {
    localStorage.setItem('token', 't')
    const calls = stubFetch((c) => {
      if (c.url === '/api/me') return { body: rows[0] }
      if (c.url.startsWith('/api/users?')) {
        const page = Number(new URL(c.url, 'http://x').searchParams.get('page') ?? 1)
        // Two pages when the list was first read; by the time page 2 is read its only user is gone.
        if (page === 1)
          return { body: { data: rows, total: 11, last_page: 2, current_page: 1, per_page: 10 } }
        return { body: { data: [], total: 10, last_page: 1, current_page: 2, per_page: 10 } }
      }
      return undefined
    })
    await renderDashboard(<UsersScreen />, 'en')
    await screen.findByText('(you)')
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }))
    await waitFor(() =>
      expect(calls.filter((c) => c.url.startsWith('/api/users?')).length).toBeGreaterThanOrEqual(3),
    )
    expect(await screen.findByText('Sara')).toBeInTheDocument()
    expect(screen.queryByText('No users found')).not.toBeInTheDocument()
    expect(
      new URL(calls.filter((c) => c.url.startsWith('/api/users?')).at(-1)!.url, 'http://x').searchParams.get(
        'page',
      ),
    ).toBe('1')
  })
})
