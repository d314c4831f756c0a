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
    await userEvent.click(await screen.findByRole('button', { name: 'Edit site_name' }))
    expect(screen.getAllByRole('textbox')).toHaveLength(1)
    await userEvent.click(screen.getByRole('button', { name: 'Edit contact_email' }))
    expect(screen.getAllByRole('textbox')).toHaveLength(1)
    expect(screen.getByRole('textbox')).toHaveValue('info@palm.ly')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Edit site_name' }))
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
    await userEvent.click(await screen.findByRole('button', { name: 'Edit contact_email' }))
    await userEvent.clear(screen.getByRole('textbox'))
    await userEvent.type(screen.getByRole('textbox'), 'nope')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Failed to update setting')).toBeInTheDocument()
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument()
    expect(screen.getByRole('textbox')).toHaveValue('nope')
  })
})
