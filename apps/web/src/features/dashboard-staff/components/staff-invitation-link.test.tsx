import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MailStatus } from '@shop/shared/schemas/mail'
import type { StaffMember } from '@shop/shared/schemas/team'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { StaffScreen } from './staff-screen.tsx'

// Issue 39: an invitation says what happened (mailed, or a link to copy because mail is not set up) and its link can
// be copied, on the screen where staff are invited.

const owner: StaffMember = {
  id: 1,
  name: 'Salma',
  email: 'salma@golden-palm.ly',
  role: 'super_admin',
  staff_role: { id: 1, key: 'owner', name: 'Owner' },
  is_active: true,
  invitation_pending: false,
  invitation_expires_at: null,
  last_seen_at: '2026-11-20T10:00:00Z',
  created_at: '2026-11-01T10:00:00Z',
}
const me = {
  id: 1,
  name: 'Salma',
  email: 'salma@golden-palm.ly',
  is_admin: true,
  is_active: true,
  role: 'super_admin',
  roles: [{ name: 'admin' }, { name: 'super_admin' }],
  created_at: '2025-01-01T00:00:00Z',
}
const url = 'http://shop.test/invitation/AbCdEfGhIjKlMnOpQrStUvWxYz012345'
const status = (state: MailStatus['state']): MailStatus => ({
  state,
  last_error: state === 'failing' ? 'connect ECONNREFUSED 127.0.0.1:25' : null,
  last_error_at: state === 'failing' ? '2026-11-20T10:00:00Z' : null,
  last_sent_at: null,
  unsent: state === 'working' ? 0 : 2,
})

function serve(state: MailStatus['state']) {
  localStorage.setItem('token', 't')
  return stubFetch((c) => {
    if (c.url === '/api/me') return { body: me }
    if (c.url === '/api/staff') return { body: { data: [owner] } }
    if (c.url === '/api/roles') return { body: { data: [] } }
    if (c.url === '/api/mail/status') return { body: status(state) }
    if (c.url === '/api/staff/invitations' && c.method === 'POST') {
      const b = c.body as { name: string; email: string }
      return {
        status: 201,
        body: {
          ...owner,
          id: 7,
          name: b.name,
          email: b.email,
          role: 'admin',
          staff_role: { id: 3, key: 'order_clerk', name: 'Order clerk' },
          invitation_pending: true,
          invitation_url: url,
        },
      }
    }
    return undefined
  })
}

async function invite(buttonName: string, labels: { name: string; email: string; send: RegExp }) {
  await userEvent.click(await screen.findByRole('button', { name: buttonName }))
  const dialog = await screen.findByRole('dialog')
  await userEvent.type(within(dialog).getByLabelText(labels.name, { exact: false }), 'Huda')
  await userEvent.type(within(dialog).getByLabelText(labels.email, { exact: false }), 'huda@golden-palm.ly')
  await userEvent.click(within(dialog).getByRole('button', { name: labels.send }))
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('staff screen without mail (issue 39)', { timeout: 30_000 }, () => {
  it('in English: a banner, "link created — mail is not set up", and the link to copy', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    serve('not_configured')
    await renderDashboard(<StaffScreen />, 'en')
    const banner = await screen.findByTestId('mail-status-banner')
    expect(banner).toHaveTextContent('Mail is not set up')
    expect(banner).toHaveTextContent('2 mails not sent yet')
    expect(await screen.findByText(/after inviting, copy the link and send it yourself/)).toBeInTheDocument()
    await invite('Invite', { name: 'Name', email: 'Email', send: /Create the invitation link/ })
    const dialog = await screen.findByRole('dialog', { name: 'Invitation link for Huda' })
    expect(
      within(dialog).getByText(
        'Link created — mail is not set up, so nothing was sent. Copy the link and send it to Huda yourself (WhatsApp).',
      ),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('textbox', { name: 'Invitation link' })).toHaveValue(url)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }))
    expect(writeText).toHaveBeenCalledWith(url)
    expect(await screen.findByText('Link copied')).toBeInTheDocument()
    expect(screen.getByText('Link created for huda@golden-palm.ly')).toBeInTheDocument()
    expect(screen.queryByText(/Invitation sent to/)).not.toBeInTheDocument()
  })

  it('in Arabic: the same truth, and the failing state names the error', async () => {
    serve('failing')
    await renderDashboard(<StaffScreen />, 'ar')
    const banner = await screen.findByTestId('mail-status-banner')
    expect(banner).toHaveTextContent('البريد لا يعمل')
    expect(banner).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:25')
    await invite('دعوة', { name: 'الاسم', email: 'البريد', send: /أنشئ رابط الدعوة/ })
    const dialog = await screen.findByRole('dialog', { name: 'رابط دعوة Huda' })
    expect(within(dialog).getByText(/أُنشئ الرابط — البريد لا يعمل فقد لا تصل الرسالة/)).toBeInTheDocument()
    expect(within(dialog).getByRole('textbox', { name: 'رابط الدعوة' })).toHaveValue(url)
  })

  it('with mail working: no banner, "invitation sent", and the link can still be copied', async () => {
    serve('working')
    await renderDashboard(<StaffScreen />, 'en')
    await screen.findByRole('row', { name: /Salma/ })
    await invite('Invite', { name: 'Name', email: 'Email', send: /Send invitation/ })
    const dialog = await screen.findByRole('dialog', { name: 'Invitation link for Huda' })
    expect(within(dialog).getByText(/The invitation was mailed to huda@golden-palm.ly/)).toBeInTheDocument()
    expect(screen.queryByTestId('mail-status-banner')).not.toBeInTheDocument()
  })
})
