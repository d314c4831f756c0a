import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { User } from '@shop/shared/schemas/auth'
import type { Shipment } from '@shop/shared/schemas/delivery'
import type { Order } from '@shop/shared/schemas/order'
import { renderDashboard, stubFetch, TEST_OWNER, type FetchCall } from '../../../test/render-dashboard.tsx'
import { makeOrder } from '../order-fixture.test-helper.ts'
import { OrderEditDialog } from './order-edit-dialog.tsx'

// Issue 42: the order dialog's Delivery panel: the shipment in words, and what happened at the door as staff record it.

afterEach(() => vi.unstubAllGlobals())

const shipment = (fields: Partial<Shipment> = {}): Shipment => ({
  id: 5,
  order_id: 31,
  order_number: 'ORD-250101-00031',
  courier_id: 2,
  courier_name: 'Aramex',
  courier_kind: 'company',
  tracking_number: 'AX-77',
  tracking_url: 'https://aramex.example/track/AX-77',
  status: 'out_for_delivery',
  cod_amount: 135.5,
  collected_amount: null,
  collected_mismatch: false,
  fee: 15,
  reason: null,
  attempts: 0,
  condition: null,
  settled: false,
  settlement_id: null,
  created_at: '2025-01-05T08:00:00Z',
  customer: { name: 'Customer', phone: '0910000000', address: 'Tripoli', city_name: null },
  history: [
    {
      status: 'out_for_delivery',
      reason: null,
      collected_amount: null,
      condition: null,
      actor: 'staff',
      by: 'Salma',
      created_at: '2025-01-05T08:00:00Z',
    },
  ],
  ...fields,
})

const orderOf = (s: Shipment): Order => ({
  ...makeOrder({ id: 31, order_number: 'ORD-250101-00031', order_status: 'shipped', total_amount: 135.5 }),
  shipment: {
    id: s.id,
    courier_name: s.courier_name,
    courier_kind: s.courier_kind,
    tracking_number: s.tracking_number,
    tracking_url: s.tracking_url,
    status: s.status,
  },
  history: [],
})

async function openPanel(
  s: Shipment,
  lang: 'ar' | 'en',
  patch: (call: FetchCall) => { status?: number; body?: unknown } = (c) => ({
    body: { ...s, status: (c.body as { status: Shipment['status'] }).status },
  }),
  as?: User,
) {
  const order = orderOf(s)
  const calls = stubFetch((c) => {
    if (c.method === 'GET' && c.url === '/api/orders/31') return { body: order }
    if (c.method === 'GET' && c.url === '/api/shipments/5') return { body: s }
    if (c.method === 'PATCH' && c.url === '/api/shipments/5') return patch(c)
    return undefined
  })
  await renderDashboard(<OrderEditDialog order={order} onClose={() => {}} />, lang, {
    settings: { timezone: 'Africa/Tripoli' },
    as,
  })
  const panel = await within(await screen.findByRole('dialog')).findByTestId('shipment-panel')
  return { panel, calls }
}

const patches = (calls: FetchCall[]) =>
  calls.filter((c) => c.method === 'PATCH' && c.url === '/api/shipments/5').map((c) => c.body)

describe('the Delivery panel (issue 42)', { timeout: 30_000 }, () => {
  it('shows the shipment in words with the courier’s link, and records a delivery with the cash collected', async () => {
    const { panel, calls } = await openPanel(shipment(), 'en')
    await within(panel).findByTestId('shipment-history')
    expect(within(panel).getByRole('heading', { level: 3 })).toHaveTextContent('Out for delivery')
    expect(panel).toHaveTextContent('Aramex (Courier company)')
    expect(within(panel).getByText('AX-77')).toHaveAttribute('dir', 'ltr')
    const link = within(panel).getByRole('link', { name: 'Track with Aramex' })
    expect(link).toHaveAttribute('href', 'https://aramex.example/track/AX-77')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    expect(panel).toHaveTextContent('To collect at the door135.50 LYD')
    expect(panel).toHaveTextContent("Courier's fee15.00 LYD")
    expect(panel).toHaveTextContent('Tries that failed0')
    // Who and when, on the shop's clock (Africa/Tripoli, UTC+2).
    const history = within(panel).getByTestId('shipment-history')
    expect(history).toHaveTextContent('Handed to the courier: out for delivery')
    expect(history).toHaveTextContent('By Salma')
    expect(history).toHaveTextContent('10:00')
    // From the road: delivered, refused or not delivered; the box is not back yet.
    const actions = within(panel).getByRole('group', { name: 'What happened at the door' })
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Delivered', 'Refused', 'Not delivered this time'])

    await userEvent.click(within(actions).getByRole('button', { name: 'Delivered' }))
    const form = within(panel).getByRole('form', { name: 'Delivered' })
    const amount = within(form).getByRole('textbox', { name: 'Amount collected' })
    expect(amount).toHaveValue('135.50')
    expect(form).toHaveTextContent('The amount to collect is 135.50 LYD.')
    await userEvent.clear(amount)
    await userEvent.type(amount, '130')
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }))
    await waitFor(() => expect(patches(calls)).toEqual([{ status: 'delivered', collected_amount: 130 }]))
    expect(await screen.findByText('Order ORD-250101-00031: Delivered')).toBeInTheDocument()
  })

  it('asks why before recording a refusal or a failed try', async () => {
    const { panel, calls } = await openPanel(shipment(), 'en')
    const actions = await within(panel).findByRole('group', { name: 'What happened at the door' })

    await userEvent.click(within(actions).getByRole('button', { name: 'Refused' }))
    let form = within(panel).getByRole('form', { name: 'Refused' })
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }))
    expect(await within(form).findByText('Say why')).toBeInTheDocument()
    expect(patches(calls)).toEqual([])
    await userEvent.type(within(form).getByRole('textbox', { name: /Why\?/ }), 'Changed their mind')
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }))
    await waitFor(() => expect(patches(calls)).toEqual([{ status: 'refused', reason: 'Changed their mind' }]))

    await userEvent.click(within(actions).getByRole('button', { name: 'Not delivered this time' }))
    form = within(panel).getByRole('form', { name: 'Not delivered this time' })
    expect(form).toHaveTextContent('nobody home')
    await userEvent.type(within(form).getByRole('textbox', { name: /Why\?/ }), 'Nobody home')
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }))
    await waitFor(() =>
      expect(patches(calls)[1]).toEqual({ status: 'failed_attempt', reason: 'Nobody home' }),
    )
  })

  it('records a box back in good shape or damaged and says what each does to the stock (English)', async () => {
    const refused = shipment({ status: 'refused', reason: 'Changed their mind' })
    const { panel, calls } = await openPanel(refused, 'en')
    const actions = await within(panel).findByRole('group', { name: 'What happened at the door' })
    expect(within(panel).getByRole('heading', { level: 3 })).toHaveTextContent('Refused at the door')
    expect(panel).toHaveTextContent('Reason givenChanged their mind')
    // Refused: only the box coming back is left to record.
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Box returned'])
    await userEvent.click(within(actions).getByRole('button', { name: 'Box returned' }))
    const form = within(panel).getByRole('form', { name: 'Box returned' })
    expect(within(form).getByRole('radio', { name: /In good condition/ })).toHaveAccessibleName(
      'In good condition Its stock goes back on the shelf.',
    )
    expect(within(form).getByRole('radio', { name: /Damaged/ })).toHaveAccessibleName(
      'Damaged Its stock does not come back.',
    )
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }))
    expect(
      await within(form).findByText('Say whether the box came back in good condition or damaged'),
    ).toBeInTheDocument()
    await userEvent.click(within(form).getByRole('radio', { name: /In good condition/ }))
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }))
    await waitFor(() => expect(patches(calls)).toEqual([{ status: 'returned', condition: 'good' }]))
  })

  it('says it in Arabic: a failed try recorded by the driver on their phone, and a damaged box back', async () => {
    const failed = shipment({
      status: 'failed_attempt',
      attempts: 1,
      reason: 'لا أحد في البيت',
      history: [
        ...shipment().history,
        {
          status: 'failed_attempt',
          reason: 'لا أحد في البيت',
          collected_amount: null,
          condition: null,
          actor: 'courier',
          by: 'سالم',
          created_at: '2025-01-05T12:30:00Z',
        },
      ],
    })
    const { panel, calls } = await openPanel(failed, 'ar')
    const history = await within(panel).findByTestId('shipment-history')
    expect(within(panel).getByRole('heading', { level: 3 })).toHaveTextContent('لم يُسلَّم بعد')
    expect(history).toHaveTextContent('سُلّم للمندوب: خرج للتوصيل')
    expect(history).toHaveTextContent('بواسطة Salma')
    expect(history).toHaveTextContent('لم يُسلَّم هذه المرة')
    expect(history).toHaveTextContent('السبب: لا أحد في البيت')
    expect(history).toHaveTextContent('بواسطة المندوب سالم من هاتفه')
    expect(history).toHaveTextContent('2:30')
    expect(panel).toHaveTextContent('محاولات لم تنجح1')
    const actions = within(panel).getByRole('group', { name: 'ماذا حدث عند التسليم' })
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['تم التسليم', 'رفض الاستلام', 'لم يُسلَّم هذه المرة', 'عاد الصندوق'])
    await userEvent.click(within(actions).getByRole('button', { name: 'عاد الصندوق' }))
    const form = within(panel).getByRole('form', { name: 'عاد الصندوق' })
    expect(form).toHaveTextContent('كيف عاد الصندوق؟')
    expect(form).toHaveTextContent('لا تعود كمياته إلى المخزون.')
    await userEvent.click(within(form).getByRole('radio', { name: /تالفًا/ }))
    await userEvent.click(within(form).getByRole('button', { name: 'تسجيل' }))
    await waitFor(() => expect(patches(calls)).toEqual([{ status: 'returned', condition: 'damaged' }]))
  })

  it('shows the API’s refusal of a move as it says it', async () => {
    const message = 'A shipment that is delivered cannot become refused'
    const { panel } = await openPanel(shipment(), 'en', () => ({
      status: 409,
      body: { code: 'SHIPMENT_MOVE_NOT_ALLOWED', message },
    }))
    const actions = await within(panel).findByRole('group', { name: 'What happened at the door' })
    await userEvent.click(within(actions).getByRole('button', { name: 'Refused' }))
    const form = within(panel).getByRole('form', { name: 'Refused' })
    await userEvent.type(within(form).getByRole('textbox', { name: /Why\?/ }), 'No')
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent(message)
  })

  it('a settled delivery says so, flags a collected amount that differs, and offers nothing to record', async () => {
    const settled = shipment({
      status: 'delivered',
      collected_amount: 120,
      collected_mismatch: true,
      settled: true,
      settlement_id: 3,
    })
    const { panel } = await openPanel(settled, 'en')
    expect(await within(panel).findByText(/Settled with the courier/)).toBeInTheDocument()
    expect(panel).toHaveTextContent('Collected120.00 LYDNot the amount to collect')
    expect(within(panel).queryByRole('group', { name: 'What happened at the door' })).toBeNull()
    expect(within(panel).getByRole('button', { name: 'Print packing slip' })).toBeInTheDocument()
  })

  it('prints the packing slip the API renders, asked with the token and the language, from a hidden frame', async () => {
    const slip = '<!doctype html><html lang="ar"><body><h1>قائمة محتويات الطلب</h1></body></html>'
    const { panel } = await openPanel(shipment(), 'ar', undefined)
    const fetchMock = vi.mocked(fetch)
    fetchMock.mockImplementationOnce(
      async () => new Response(slip, { headers: { 'Content-Type': 'text/html' } }),
    )
    await userEvent.click(within(panel).getByRole('button', { name: 'طباعة قائمة المحتويات' }))
    await waitFor(() => expect(document.querySelector('iframe')).not.toBeNull())
    const frame = document.querySelector('iframe')!
    expect(frame.srcdoc).toBe(slip)
    expect(frame).toHaveAttribute('aria-hidden', 'true')
    const [url, init] = fetchMock.mock.calls.at(-1)!
    expect(url).toBe('/api/orders/31/packing-slip')
    expect(init?.headers).toMatchObject({
      'Accept-Language': 'ar',
      Authorization: expect.stringMatching(/^Bearer /),
    })
    frame.remove()
  })

  it('staff without delivery.manage see the order’s own summary, without actions', async () => {
    const clerk: User = { ...TEST_OWNER, role: 'admin', permissions: ['orders.view', 'orders.process'] }
    const { panel, calls } = await openPanel(shipment(), 'en', undefined, clerk)
    expect(panel).toHaveTextContent('Out for delivery')
    expect(panel).toHaveTextContent('Aramex (Courier company)')
    expect(within(panel).getByRole('link', { name: 'Track with Aramex' })).toBeInTheDocument()
    expect(within(panel).queryByRole('group')).toBeNull()
    expect(calls.some((c) => c.url === '/api/shipments/5')).toBe(false)
  })
})
