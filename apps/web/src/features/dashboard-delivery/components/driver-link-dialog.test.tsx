import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { driver } from '../test-fixtures.ts'
import { CouriersScreen } from './couriers-screen.tsx'

afterEach(() => vi.unstubAllGlobals())

const URL_ONCE = 'https://shop.ly/driver/abcdefghijklmnopqrstuvwxyz'

function serve() {
  let courier = { ...driver, driver_link_expires_at: null as string | null }
  return stubFetch((c) => {
    if (c.method === 'GET' && c.url === '/api/couriers') return { body: { data: [courier] } }
    if (c.method === 'POST' && c.url === '/api/couriers/1/driver-link') {
      courier = { ...courier, driver_link_expires_at: '2099-03-01T10:00:00Z' }
      return { status: 201, body: { url: URL_ONCE, expires_at: '2099-03-01T10:00:00Z' } }
    }
    if (c.method === 'DELETE' && c.url === '/api/couriers/1/driver-link') {
      courier = { ...courier, driver_link_expires_at: null }
      return { status: 204 }
    }
    return undefined
  })
}

describe("a driver's link (issue 42)", { timeout: 20_000 }, () => {
  it('shows a new link once, with copy, WhatsApp and its expiry; ending it calls DELETE', async () => {
    const calls = serve()
    await renderDashboard(<CouriersScreen />, 'en')
    await userEvent.click(await screen.findByRole('button', { name: 'Driver link of Salem' }))
    let dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/Making a new link ends the old one/)).toBeInTheDocument()
    expect(within(dialog).getByTestId('driver-link-state')).toHaveTextContent('No working link')

    await userEvent.click(within(dialog).getByRole('button', { name: 'Make a driver link' }))
    expect(await within(dialog).findByDisplayValue(URL_ONCE)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'Send to Salem on WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/218912345678?text=${encodeURIComponent(URL_ONCE)}`,
    )
    expect(within(dialog).getByTestId('driver-link-state')).toHaveTextContent('Works until 1 Mar 2099')

    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }))
    expect(writeText).toHaveBeenCalledWith(URL_ONCE)

    // Shown once: closed and opened again, the link is no longer there (only its expiry).
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }))
    await userEvent.click(screen.getByRole('button', { name: 'Driver link of Salem' }))
    dialog = await screen.findByRole('dialog')
    expect(within(dialog).queryByDisplayValue(URL_ONCE)).toBeNull()
    expect(within(dialog).getByTestId('driver-link-state')).toHaveTextContent('Works until 1 Mar 2099')

    await userEvent.click(within(dialog).getByRole('button', { name: 'End the link' }))
    await waitFor(() =>
      expect(within(dialog).getByTestId('driver-link-state')).toHaveTextContent('No working link'),
    )
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/couriers/1/driver-link',
    ])
  })

  it('says it in Arabic', async () => {
    serve()
    await renderDashboard(<CouriersScreen />, 'ar')
    await userEvent.click(await screen.findByRole('button', { name: 'رابط السائق لـSalem' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/إنشاء رابط جديد يوقف الرابط القديم/)).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'إنشاء رابط للسائق' }))
    expect(await within(dialog).findByDisplayValue(URL_ONCE)).toBeInTheDocument()
    expect(within(dialog).getByText(/يظهر الرابط الآن فقط/)).toBeInTheDocument()
  })
})
