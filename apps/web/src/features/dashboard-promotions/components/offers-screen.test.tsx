import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Promotion } from '@shop/shared/schemas/promotion'
import { renderDashboard, stubFetch, type FetchCall } from '../../../test/render-dashboard.tsx'
import { OffersScreen } from './offers-screen.tsx'

afterEach(() => vi.unstubAllGlobals())

const offer = (id: number, over: Partial<Promotion> = {}): Promotion => ({
  id,
  code: null,
  name: `Offer ${id}`,
  name_ar: `عرض ${id}`,
  name_en: `Offer ${id}`,
  value_type: 'percentage',
  value: 10,
  target: 'order',
  product_ids: [],
  category_ids: [],
  variant_ids: [],
  min_subtotal: null,
  city_ids: [],
  payment_methods: [],
  starts_at: null,
  ends_at: null,
  first_order_only: false,
  retail_only: false,
  combinable: false,
  usage_limit: null,
  per_customer_limit: null,
  is_active: true,
  status: 'active',
  uses: 0,
  discount_given: 0,
  revenue: 0,
  orders_count: 0,
  typed_not_applied: 0,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
})

const eid = offer(1, {
  name: 'Eid dates',
  name_ar: 'خصم العيد على التمور',
  name_en: 'Eid dates',
  target: 'products',
  category_ids: [7],
  ends_at: '2027-03-19T22:00:00.000Z',
  uses: 2,
  usage_limit: 10,
  discount_given: 24.5,
  revenue: 310,
  orders_count: 2,
})
const fb = offer(2, {
  name: 'Facebook',
  code: 'FB15',
  value_type: 'fixed',
  value: 15,
  status: 'used_up',
  target: 'delivery',
})

function shop(
  rows: Promotion[],
  answer: (c: FetchCall) => { status?: number; body?: unknown } | undefined = () => undefined,
) {
  return stubFetch((c) => {
    const own = answer(c)
    if (own) return own
    if (c.method === 'GET' && c.url.startsWith('/api/promotions'))
      return { body: { data: rows, total: rows.length, last_page: 1, current_page: 1, per_page: 20 } }
    if (c.method === 'GET' && c.url.startsWith('/api/categories'))
      return { body: { data: [{ id: 7, name: 'Dates', slug: 'dates', is_active: true }] } }
    if (c.method === 'GET' && c.url.startsWith('/api/products'))
      return {
        body: {
          data: [
            {
              id: 3,
              name: 'Deglet Nour',
              variants: [
                { id: 31, label: '1 kg', is_active: true },
                { id: 32, label: '5 kg', is_active: true },
              ],
            },
          ],
          total: 1,
          last_page: 1,
          current_page: 1,
          per_page: 100,
        },
      }
    if (c.method === 'GET' && c.url.startsWith('/api/settings'))
      return { body: { data: [{ id: 1, key: 'timezone', description: null, value: 'Africa/Tripoli' }] } }
    if (c.method === 'GET' && c.url.startsWith('/api/cities'))
      return { body: { data: [{ id: 5, name: 'Tripoli', delivery_price: 15, is_active: true }] } }
    return undefined
  })
}

describe('offers screen', { timeout: 30_000 }, () => {
  it('lists each offer: code or automatic, what it gives, status, end in the shop time, uses of the limit, figures', async () => {
    shop([eid, fb])
    await renderDashboard(<OffersScreen />, 'en')
    const row = (await screen.findByText('Eid dates', { selector: 'bdi' })).closest('tr')!
    expect(within(row).getByText('Automatic')).toBeInTheDocument()
    expect(within(row).getByText('Active')).toBeInTheDocument()
    expect(await within(row).findByText('10% off Dates')).toBeInTheDocument()
    expect(within(row).getByText(/Until 20 Mar 2027, 00:00/)).toBeInTheDocument()
    expect(within(row).getByTestId('offer-uses')).toHaveTextContent('2 / 10')
    expect(within(row).getByText('310.00 LYD')).toBeInTheDocument()
    const other = screen.getByText('Facebook', { selector: 'bdi' }).closest('tr')!
    expect(within(other).getByText('FB15')).toBeInTheDocument()
    expect(within(other).getByText('Used up')).toBeInTheDocument()
    expect(within(other).getByText('15.00 LYD off delivery')).toBeInTheDocument()
  })

  it('filters by status', async () => {
    const calls = shop([eid])
    await renderDashboard(<OffersScreen />, 'en')
    await screen.findByText('Eid dates', { selector: 'bdi' })
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Offer status' }), 'ended')
    await waitFor(() => expect(calls.some((c) => c.url.includes('status=ended'))).toBe(true))
  })

  it('creates a code offer on a category ending at a shop time; the code is upper-cased as typed', async () => {
    const calls = shop([], (c) =>
      c.method === 'POST' ? { status: 201, body: offer(9, { name: 'عرض العيد' }) } : undefined,
    )
    await renderDashboard(<OffersScreen />, 'ar')
    await userEvent.click((await screen.findAllByRole('button', { name: 'إضافة عرض' }))[0]!)
    const dialog = await screen.findByRole('dialog')
    const d = within(dialog)
    await userEvent.type(d.getAllByRole('textbox')[0]!, 'عرض العيد')
    await userEvent.click(d.getByRole('checkbox', { name: /يكتب الزبون رمزًا/ }))
    const code = d.getByRole('textbox', { name: /الرمز/ })
    await userEvent.type(code, 'eid10')
    expect(code).toHaveValue('EID10')
    await userEvent.selectOptions(d.getByRole('combobox', { name: 'ينطبق على' }), 'products')
    await userEvent.type(d.getByRole('spinbutton', { name: /النسبة/ }), '10')
    await userEvent.click(await d.findByRole('checkbox', { name: 'Dates' }))
    await userEvent.click(await d.findByRole('checkbox', { name: '5 kg' }))
    fireEvent.change(d.getByLabelText('ينتهي'), { target: { value: '2027-03-20T00:00' } })
    await userEvent.click(screen.getByRole('button', { name: 'حفظ' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name_ar: 'عرض العيد',
      code: 'EID10',
      value_type: 'percentage',
      value: '10',
      target: 'products',
      category_ids: [7],
      variant_ids: [32],
      ends_at: '2027-03-20T00:00:00+02:00',
      starts_at: null,
      usage_limit: null,
    })
  })

  it('checks the form with the API rules and shows the server’s field errors under the fields', async () => {
    const calls = shop([eid], (c) =>
      c.method === 'PATCH'
        ? {
            status: 409,
            body: {
              code: 'PROMOTION_CODE_TAKEN',
              message: 'Another offer already uses this code',
              errors: { code: ['Another offer already uses this code'] },
            },
          }
        : undefined,
    )
    await renderDashboard(<OffersScreen />, 'en')
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Eid dates' }))
    const d = within(await screen.findByRole('dialog'))
    await waitFor(() => expect(d.getByLabelText('Ends')).toHaveValue('2027-03-20T00:00'))
    // The browser refuses what the API would: a percentage above 100.
    const value = d.getByRole('spinbutton', { name: /Percentage/ })
    await userEvent.clear(value)
    await userEvent.type(value, '120')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await d.findByText('A percentage is at most 100')).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false)
    await userEvent.clear(value)
    await userEvent.type(value, '15')
    await userEvent.click(d.getByRole('checkbox', { name: /Shoppers type a code/ }))
    await userEvent.type(d.getByRole('textbox', { name: /^Code/ }), 'fb15')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await d.findByText('Another offer already uses this code')).toBeInTheDocument()
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: '/api/promotions/1',
      body: { code: 'FB15', value: '15', category_ids: [7], ends_at: '2027-03-20T00:00:00+02:00' },
    })
  })

  it('asks before deleting; a used offer is switched off and kept', async () => {
    const calls = shop([eid], (c) =>
      c.method === 'DELETE' ? { body: { ...eid, is_active: false, status: 'inactive' } } : undefined,
    )
    await renderDashboard(<OffersScreen />, 'en')
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Eid dates' }))
    const dialog = within(await screen.findByRole('alertdialog').catch(() => screen.findByRole('dialog')))
    expect(dialog.getByText(/switched off and kept with its figures/)).toBeInTheDocument()
    await userEvent.click(dialog.getByRole('button', { name: 'Switch off' }))
    expect(
      await screen.findByText('Eid dates was used by orders: it is switched off and kept'),
    ).toBeInTheDocument()
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/api/promotions/1')
  })
})
