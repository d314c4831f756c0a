import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { company, driver } from '../test-fixtures.ts'
import { CouriersScreen } from './couriers-screen.tsx'

afterEach(() => vi.unstubAllGlobals())

const serve = () =>
  stubFetch((c) => {
    if (c.method === 'GET' && c.url === '/api/couriers') return { body: { data: [driver, company] } }
    if (c.method === 'POST' && c.url === '/api/couriers')
      return { status: 201, body: { ...company, id: 9, ...(c.body as object) } }
    if (c.method === 'PATCH') return { body: { ...driver, ...(c.body as object) } }
    if (c.url === '/api/reports/delivery') return { body: undefined, status: 404 }
    return undefined
  })

const openAdd = async (name: string) => {
  await screen.findByText('Salem', { selector: 'bdi' })
  await userEvent.click(screen.getAllByRole('button', { name })[0]!)
  return screen.findByRole('dialog')
}

describe('add and edit a courier (issue 42)', { timeout: 20_000 }, () => {
  it('adds a courier company with its tracking address and fee, after the API’s message for a bad address', async () => {
    const calls = serve()
    await renderDashboard(<CouriersScreen />, 'en')
    const dialog = await openAdd('Add courier')
    await userEvent.click(within(dialog).getByRole('radio', { name: /Courier company/ }))
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Fast Parcel')
    await userEvent.type(within(dialog).getByLabelText(/^Tracking address/), 'https://fast.ly/track')
    await userEvent.type(within(dialog).getByLabelText(/^Fee per parcel/), '12.5')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(
      await within(dialog).findByText(/holds \{tracking_number\} where the parcel's number goes/),
    ).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    await userEvent.type(within(dialog).getByLabelText(/^Tracking address/), '/{{tracking_number}')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      kind: 'company',
      name: 'Fast Parcel',
      phone: '',
      tracking_url_pattern: 'https://fast.ly/track/{tracking_number}',
      default_fee: 12.5,
    })
  })

  it('adds an own driver in Arabic: no tracking address, no fee', async () => {
    const calls = serve()
    await renderDashboard(<CouriersScreen />, 'ar')
    const dialog = await openAdd('إضافة مندوب')
    expect(within(dialog).getByRole('radio', { name: /سائق المتجر/ })).toBeChecked()
    expect(within(dialog).queryByLabelText(/^عنوان التتبع/)).toBeNull()
    expect(within(dialog).queryByLabelText(/^الرسوم على الطرد/)).toBeNull()
    await userEvent.type(within(dialog).getByLabelText(/^الاسم/), 'سالم')
    await userEvent.type(within(dialog).getByLabelText(/^الهاتف/), '0912345678')
    await userEvent.click(within(dialog).getByRole('button', { name: 'حفظ' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      kind: 'driver',
      name: 'سالم',
      phone: '0912345678',
    })
  })

  it('edits a courier without its kind, and switches it off', async () => {
    const calls = serve()
    await renderDashboard(<CouriersScreen />, 'en')
    const dialog = await openAdd('Edit Salem')
    expect(within(dialog).queryByRole('radio')).toBeNull()
    expect(within(dialog).getByText(/switched off, never erased/)).toBeInTheDocument()
    await userEvent.click(within(dialog).getByLabelText(/^Active/))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true))
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      name: 'Salem',
      phone: '0912345678',
      is_active: false,
    })
  })
})
