import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StaffMember, StaffRole } from '@shop/shared/schemas/team'
import { renderDashboard, stubFetch, type FetchCall } from '../../../test/render-dashboard.tsx'
import { StaffScreen } from './staff-screen.tsx'

const role = (
  id: number,
  key: StaffRole['key'],
  en: string,
  ar: string,
  permissions: string[],
): StaffRole => ({
  id,
  key,
  name: en,
  name_translations: { ar, en },
  permissions: permissions as StaffRole['permissions'],
  is_built_in: key !== null,
  staff_count: 1,
})
const roles = [
  role(1, 'owner', 'Owner', 'المالك', ['staff.manage', 'orders.view']),
  role(3, 'order_clerk', 'Order clerk', 'موظف الطلبات', ['orders.view', 'orders.process']),
  role(9, null, 'Packer', 'مغلّف', ['orders.view']),
  role(5, 'accountant', 'Accountant', 'المحاسب', ['stats.view', 'costs.view', 'orders.view']),
]
const member = (id: number, name: string, extra: Partial<StaffMember> = {}): StaffMember => ({
  id,
  name,
  email: `${name.toLowerCase()}@golden-palm.ly`,
  role: 'admin',
  staff_role: { id: 3, key: 'order_clerk', name: 'Order clerk' },
  is_active: true,
  invitation_pending: false,
  invitation_expires_at: null,
  last_seen_at: '2026-11-20T10:00:00Z',
  created_at: '2026-11-01T10:00:00Z',
  ...extra,
})
const owner = member(1, 'Salma', { role: 'super_admin', staff_role: { id: 1, key: 'owner', name: 'Owner' } })
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

function serve(members: StaffMember[], invite?: (call: FetchCall) => { status?: number; body?: unknown }) {
  localStorage.setItem('token', 't')
  return stubFetch((c) => {
    if (c.url === '/api/me') return { body: me }
    if (c.url === '/api/staff') return { body: { data: members } }
    if (c.url === '/api/roles') return { body: { data: roles } }
    if (c.url === '/api/staff/invitations' && c.method === 'POST') return invite?.(c)
    return undefined
  })
}

afterEach(() => vi.unstubAllGlobals())

describe('team screen (issue 30)', { timeout: 20_000 }, () => {
  it('lists members with role and status; a pending invitation can be sent again', async () => {
    const pending = member(5, 'Khalid', {
      invitation_pending: true,
      invitation_expires_at: '2099-01-01T10:00:00Z',
      last_seen_at: null,
    })
    const calls = serve([owner, pending], (c) => ({ body: { ...pending, ...(c.body as object) } }))
    await renderDashboard(<StaffScreen />, 'en')
    const row = within(await screen.findByRole('row', { name: /Khalid/ }))
    expect(row.getByText('Order clerk')).toBeInTheDocument()
    expect(row.getByText('Invited')).toBeInTheDocument()
    // Nobody deactivates themselves.
    expect(screen.queryByRole('button', { name: 'Deactivate Salma' })).not.toBeInTheDocument()
    await userEvent.click(row.getByRole('button', { name: 'Send the invitation to Khalid again' }))
    expect(await screen.findByText('A new invitation was sent to khalid@golden-palm.ly')).toBeInTheDocument()
    expect(calls.find((c) => c.url === '/api/staff/invitations')!.body).toEqual({
      email: 'khalid@golden-palm.ly',
      name: 'Khalid',
      role: 'order_clerk',
    })
  })

  it('invite dialog: the shared schema’s messages under the fields, and nothing sent', async () => {
    const calls = serve([owner])
    const u = userEvent.setup()
    await renderDashboard(<StaffScreen />, 'en')
    await screen.findByRole('row', { name: /Salma/ })
    await u.click(screen.getByRole('button', { name: 'Invite' }))
    const dialog = within(await screen.findByRole('dialog'))
    await u.type(dialog.getByLabelText(/Name/), 'K')
    await u.type(dialog.getByLabelText(/Email/), 'not-an-email')
    await u.click(dialog.getByRole('button', { name: 'Send invitation' }))
    expect(await dialog.findByText('Name must be at least 2 characters')).toBeInTheDocument()
    expect(dialog.getByText('Invalid email address')).toBeInTheDocument()
    expect(calls.some((c) => c.url === '/api/staff/invitations')).toBe(false)
  })

  it('invite dialog in Arabic: sends the chosen role, shows the server’s field error under the email', async () => {
    const calls = serve([owner], () => ({
      status: 409,
      body: {
        code: 'EMAIL_IS_SHOPPER',
        message: 'هذا البريد الإلكتروني لحساب زبون. ادعُ الموظف ببريد آخر (بريد العمل)',
        errors: { email: ['هذا البريد الإلكتروني لحساب زبون. ادعُ الموظف ببريد آخر (بريد العمل)'] },
      },
    }))
    const u = userEvent.setup()
    await renderDashboard(<StaffScreen />, 'ar')
    await screen.findByRole('row', { name: /Salma/ })
    await u.click(screen.getByRole('button', { name: 'دعوة' }))
    const dialog = within(await screen.findByRole('dialog'))
    await u.type(dialog.getByLabelText(/الاسم/), 'خالد')
    await u.type(dialog.getByLabelText(/البريد الإلكتروني/), 'khalid@example.ly')
    await u.selectOptions(dialog.getByLabelText(/الدور/), 'مغلّف')
    await u.click(dialog.getByRole('button', { name: 'إرسال الدعوة' }))
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/staff/invitations')?.body).toEqual({
        email: 'khalid@example.ly',
        name: 'خالد',
        role: 9,
      }),
    )
    expect(
      await dialog.findByText('هذا البريد الإلكتروني لحساب زبون. ادعُ الموظف ببريد آخر (بريد العمل)'),
    ).toBeInTheDocument()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('roles tab: what each role may do, grouped and translated; built-in roles cannot be edited', async () => {
    serve([owner])
    await renderDashboard(<StaffScreen />, 'en')
    await userEvent.click(await screen.findByRole('tab', { name: 'Roles' }))
    const clerk = within(await screen.findByRole('listitem', { name: 'Order clerk' }))
    expect(clerk.getByText('Orders')).toBeInTheDocument()
    expect(clerk.getByText('Confirm orders and change their status')).toBeInTheDocument()
    expect(clerk.getByText('Built in')).toBeInTheDocument()
    expect(clerk.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument()
    const packer = within(screen.getByRole('listitem', { name: 'Packer' }))
    expect(packer.getByRole('button', { name: 'Edit Packer' })).toBeInTheDocument()
    // Decision 0216: buying prices and profit are a permission of their own, listed under money.
    const accountant = within(screen.getByRole('listitem', { name: 'Accountant' }))
    expect(accountant.getByText('Buying prices, costs and profit')).toBeInTheDocument()
    expect(clerk.queryByText('Buying prices, costs and profit')).not.toBeInTheDocument()
  })

  it('roles tab in Arabic: the costs permission has its own label', async () => {
    serve([owner])
    await renderDashboard(<StaffScreen />, 'ar')
    await userEvent.click(await screen.findByRole('tab', { name: 'الأدوار' }))
    const accountant = within(await screen.findByRole('listitem', { name: 'المحاسب' }))
    expect(accountant.getByText('أسعار الشراء والتكاليف والأرباح')).toBeInTheDocument()
  })
})
