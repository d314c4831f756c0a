import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { SettingsScreen } from './settings-screen.tsx'

const settings = [
  { id: 1, key: 'site_name', description: 'Shop name', value: 'Golden Palm' },
  { id: 2, key: 'contact_email', description: 'Contact email', value: 'info@palm.ly' },
]
afterEach(() => vi.unstubAllGlobals())

describe('settings', { timeout: 20_000 }, () => {
  it('edits one row at a time and saves with PUT /api/settings', async () => {
    const calls = stubFetch((c) => {
      if (c.method === 'GET' && c.url === '/api/settings') return { body: { data: settings } }
      if (c.method === 'PUT') return { body: { ...settings[0], value: 'Palm Farms' } }
      return undefined
    })
    await renderDashboard(<SettingsScreen />, 'en')
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Shop name (Arabic)' }))
    expect(screen.getAllByRole('textbox')).toHaveLength(1)
    await userEvent.click(screen.getByRole('button', { name: 'Edit Contact email' }))
    expect(screen.getAllByRole('textbox')).toHaveLength(1)
    expect(screen.getByRole('textbox')).toHaveValue('info@palm.ly')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Edit Shop name (Arabic)' }))
    await userEvent.clear(screen.getByRole('textbox'))
    await userEvent.type(screen.getByRole('textbox'), 'Palm Farms')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Setting updated successfully')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('textbox')).not.toBeInTheDocument())
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/settings',
      body: { id: 1, key: 'site_name', description: 'Shop name', value: 'Palm Farms' },
    })
  })

  it.each([
    ['en', 'Return window (days)', 'Days a shopper has to return a product'],
    ['ar', 'مدة الإرجاع (بالأيام)', 'عدد الأيام التي يستطيع فيها المشتري إرجاع المنتج'],
  ] as const)(
    'names the return window in the reader’s language (%s, decision 0111)',
    async (lang, label, help) => {
      stubFetch((c) =>
        c.method === 'GET'
          ? { body: { data: [{ id: 9, key: 'return_policy_days', description: 'وصف قديم', value: '' }] } }
          : undefined,
      )
      await renderDashboard(<SettingsScreen />, lang)
      expect(await screen.findByText(label)).toBeInTheDocument()
      expect(screen.getByText(new RegExp(`^${help}`))).toBeInTheDocument()
      await userEvent.click(screen.getByRole('button', { name: new RegExp(label.replace(/[()]/g, '\\$&')) }))
      expect(screen.getByLabelText(label)).toHaveValue('')
    },
  )

  it('toasts "Failed to update setting" and shows the server field message under the field when a value is refused', async () => {
    stubFetch((c) => {
      if (c.method === 'GET') return { body: { data: settings } }
      return {
        status: 422,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid',
          errors: { value: ['Enter a valid email address'] },
        },
      }
    })
    await renderDashboard(<SettingsScreen />, 'en')
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Contact email' }))
    await userEvent.clear(screen.getByRole('textbox'))
    await userEvent.type(screen.getByRole('textbox'), 'sales@palm.ly')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Failed to update setting')).toBeInTheDocument()
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument()
    expect(screen.getByRole('textbox')).toHaveValue('sales@palm.ly')
  })

  it('groups the settings, names them in the reader’s language and checks a value where it is typed (decision 0120)', async () => {
    const rows = [
      { id: 1, key: 'site_name', description: 'اسم المتجر', value: 'مزارع النخيل الذهبية' },
      { id: 2, key: 'whatsapp_number', description: 'رقم واتساب', value: '+218912345678' },
      { id: 3, key: 'payment_expiry_minutes', description: 'مهلة', value: '30' },
      { id: 4, key: 'language', description: 'اللغة', value: 'ar' },
      { id: 5, key: 'branch_note', description: 'ملاحظة الفرع', value: 'x' },
    ]
    const calls = stubFetch((c) => {
      if (c.method === 'GET') return { body: { data: rows } }
      return { body: { ...rows[1], value: (c.body as { value: string }).value } }
    })
    await renderDashboard(<SettingsScreen />, 'ar')
    const groups = await screen.findAllByRole('heading', { level: 3 })
    expect(groups.map((h) => h.textContent)).toEqual(['المتجر', 'التواصل', 'الدفع', 'اللغات', 'أخرى'])
    expect(screen.getByText('اسم المتجر (بالعربية)')).toBeInTheDocument()
    expect(screen.getByText('30 دقيقة')).toBeInTheDocument()
    expect(screen.getByText('العربية')).toBeInTheDocument()
    // A row the registry does not know keeps its key and description, in "other".
    expect(screen.getByText('branch_note')).toBeInTheDocument()
    expect(screen.getByText('ملاحظة الفرع')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'تعديل رقم واتساب' }))
    const phone = screen.getByLabelText('رقم واتساب')
    expect(phone).toHaveAttribute('type', 'tel')
    await userEvent.clear(phone)
    await userEvent.type(phone, '091')
    await userEvent.click(screen.getByRole('button', { name: 'حفظ' }))
    expect(
      await screen.findByText('أدخل رقمًا ليبيًا مثل 0912345678، أو رقمًا أجنبيًا يبدأ بـ + ورمز الدولة'),
    ).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0)
    await userEvent.clear(phone)
    await userEvent.type(phone, '0912345678')
    await userEvent.click(screen.getByRole('button', { name: 'حفظ' }))
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        key: 'whatsapp_number',
        value: '+218912345678',
      }),
    )
  })
})

// Issue 41: the WhatsApp group (channels, template names, the hours to answer) in the reader's language.
describe('settings: WhatsApp', { timeout: 20_000 }, () => {
  const rows = [
    { id: 21, key: 'channel_order_shipped', description: null, value: 'whatsapp' },
    { id: 22, key: 'whatsapp_template_confirm_request', description: null, value: 'order_confirm_request' },
    { id: 23, key: 'whatsapp_answer_hours', description: null, value: '12' },
  ]
  it.each([
    ['en', 'WhatsApp', 'Out for delivery: tell the customer by', 'WhatsApp only', '12 hours'],
    ['ar', 'واتساب', 'الطلب في الطريق: إبلاغ العميل عبر', 'واتساب فقط', '12 ساعة'],
  ] as const)(
    'names the group, the channel and its choice, and the hours (%s)',
    async (lang, group, label, choice, hours) => {
      stubFetch((c) =>
        c.method === 'GET' && c.url === '/api/settings' ? { body: { data: rows } } : undefined,
      )
      await renderDashboard(<SettingsScreen />, lang)
      expect(await screen.findByRole('heading', { name: group })).toBeInTheDocument()
      expect(screen.getByText(label)).toBeInTheDocument()
      expect(screen.getByText(new RegExp(`^${choice}`))).toBeInTheDocument()
      expect(screen.getByText(hours)).toBeInTheDocument()
      await userEvent.click(screen.getByRole('button', { name: new RegExp(label) }))
      expect(screen.getAllByRole('option')).toHaveLength(3)
    },
  )
})
