import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockFetch, renderScreen, setLanguage } from '../../test/render-with-providers.tsx'
import { AcceptInvitationForm } from './accept-invitation-form.tsx'

const info = {
  name: 'Khalid',
  email: 'khalid@golden-palm.ly',
  shop_name: 'Golden Palm',
  role_name: 'Order clerk',
  invited_by: 'Salma',
  expires_at: '2030-01-01T00:00:00Z',
}
const clerk = {
  id: 7,
  name: 'Khalid',
  email: 'khalid@golden-palm.ly',
  is_admin: true,
  is_active: true,
  role: 'admin',
  roles: [{ name: 'admin' }],
  created_at: '2026-11-27T00:00:00Z',
}

beforeEach(() => setLanguage('en'))
afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

const dashboard = [{ path: '/dashboard', element: <p>dashboard home</p> }]
const render = (token = 'tok-123') =>
  renderScreen(<AcceptInvitationForm token={token} />, `/invitation/${token}`, dashboard)

describe('invitation page (issue 30)', { timeout: 20_000 }, () => {
  it('names the shop, the role and who invited, sets the password, signs in and opens the dashboard', async () => {
    const { calls } = mockFetch({
      'GET /api/auth/invitation/tok-123': () => ({ body: info }),
      'POST /api/auth/accept-invitation': () => ({
        body: { token: 'session-token-abcdefghijklmnop', user: clerk },
      }),
      'GET /api/me': () => ({ body: clerk }),
    })
    const u = userEvent.setup()
    render()
    // Names are isolated (U+2068 … U+2069) so an Arabic name keeps its direction in an English sentence.
    const shown = (text: string) => (_: string, el: Element | null) =>
      el?.tagName === 'P' && (el.textContent ?? '').replace(/[\u2068\u2069]/g, '').startsWith(text)
    expect(
      await screen.findByText(
        shown('Khalid, you are invited to Golden Palm as Order clerk. Choose a password to start.'),
      ),
    ).toBeInTheDocument()
    expect(screen.getByText(shown('Salma invited you.'))).toBeInTheDocument()
    expect(screen.getByText('khalid@golden-palm.ly')).toBeInTheDocument()
    // Issue 40: the form posts, so a submit before hydration never puts the password in the address.
    expect(
      screen
        .getByLabelText(/New password/)
        .closest('form')
        ?.getAttribute('method'),
    ).toBe('post')

    await u.type(screen.getByLabelText(/New password/), 'olive-harvest-22')
    await u.type(screen.getByLabelText(/Confirm/), 'olive-harvest-22')
    await u.click(screen.getByRole('button', { name: 'Set password and start' }))
    expect(await screen.findByText('dashboard home')).toBeInTheDocument()
    expect(localStorage.getItem('token')).toBe('session-token-abcdefghijklmnop')
    const sent = calls.find((c) => c.path === '/api/auth/accept-invitation')!
    expect(sent.body).toEqual({
      token: 'tok-123',
      password: 'olive-harvest-22',
      password_confirmation: 'olive-harvest-22',
    })
  })

  it('checks the password before sending, in both languages', async () => {
    const { calls } = mockFetch({ 'GET /api/auth/invitation/tok-123': () => ({ body: info }) })
    const u = userEvent.setup()
    render()
    await u.type(await screen.findByLabelText(/New password/), 'short')
    await u.type(screen.getByLabelText(/Confirm/), 'short')
    await u.click(screen.getByRole('button', { name: 'Set password and start' }))
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument()
    await setLanguage('ar')
    expect(await screen.findByText('يجب أن تتكون كلمة المرور من 8 أحرف على الأقل')).toBeInTheDocument()
    expect(calls.some((c) => c.path === '/api/auth/accept-invitation')).toBe(false)
  })

  it('says why a link does not work (expired), instead of the form', async () => {
    mockFetch({
      'GET /api/auth/invitation/old': () => ({
        status: 410,
        body: {
          code: 'INVITATION_EXPIRED',
          message: 'This invitation has expired. Ask the shop owner to send a new one',
        },
      }),
    })
    render('old')
    expect(
      await screen.findByText('This invitation has expired. Ask the shop owner to send a new one'),
    ).toBeInTheDocument()
    expect(screen.queryByLabelText(/New password/)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: /sign in/i })).toHaveAttribute('href', '/login')
  })

  it('a link used meanwhile (another tab) turns the form into the server’s reason', async () => {
    mockFetch({
      'GET /api/auth/invitation/tok-123': () => ({ body: info }),
      'POST /api/auth/accept-invitation': () => ({
        status: 422,
        body: {
          code: 'INVALID_INVITATION',
          message: 'This invitation link is not valid or was already used',
          errors: { token: ['This invitation link is not valid or was already used'] },
        },
      }),
    })
    const u = userEvent.setup()
    render()
    await u.type(await screen.findByLabelText(/New password/), 'olive-harvest-22')
    await u.type(screen.getByLabelText(/Confirm/), 'olive-harvest-22')
    await u.click(screen.getByRole('button', { name: 'Set password and start' }))
    await waitFor(() => expect(screen.queryByLabelText(/New password/)).not.toBeInTheDocument())
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This invitation link is not valid or was already used',
    )
  })
})
