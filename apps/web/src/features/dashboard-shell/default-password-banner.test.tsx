import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderDashboard, stubFetch } from '../../test/render-dashboard.tsx'
import { DefaultPasswordBanner } from './default-password-banner.tsx'

const admin = (must: boolean) => ({
  id: 1,
  name: 'مدير المتجر',
  email: 'admin@golden-palm.ly',
  is_admin: true,
  is_active: true,
  role: 'super_admin',
  roles: [{ name: 'admin' }, { name: 'super_admin' }],
  created_at: '2025-01-01',
  must_change_password: must,
})

beforeEach(() => localStorage.setItem('token', 't'))
afterEach(() => {
  localStorage.clear()
  vi.unstubAllGlobals()
})

// Decision 0123: the README's default password is asked to be changed on every dashboard page until it is.
describe('default password banner', () => {
  it.each([
    ['en', 'Change the default password', 'Change password'],
    ['ar', 'غيّر كلمة المرور الافتراضية', 'تغيير كلمة المرور'],
  ] as const)('asks to change it and leads to /change-password (%s)', async (lang, title, action) => {
    stubFetch((c) => (c.url === '/api/me' ? { body: admin(true) } : undefined))
    await renderDashboard(<DefaultPasswordBanner />, lang)
    expect(await screen.findByRole('alert')).toHaveTextContent(title)
    expect(screen.getByRole('link', { name: action })).toHaveAttribute('href', '/change-password')
  })

  it('says nothing once the password was changed', async () => {
    const calls = stubFetch((c) => (c.url === '/api/me' ? { body: admin(false) } : undefined))
    await renderDashboard(<DefaultPasswordBanner />, 'en')
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/api/me')).toBe(true))
    await new Promise((r) => setTimeout(r, 300))
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
