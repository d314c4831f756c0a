import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SettlementResult } from '@shop/shared/schemas/delivery'
import { toast } from '../../../lib/toast.ts'
import { renderDashboard, stubFetch, type FetchCall } from '../../../test/render-dashboard.tsx'
import { balance, company, driver, shipment, staff } from '../test-fixtures.ts'
import { CouriersScreen } from './couriers-screen.tsx'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const open = [shipment(11, 'GP-1001', 120), shipment(12, 'GP-1002', 80.5), shipment(13, 'GP-1003', 40)]

function serve(settle: (c: FetchCall) => { status?: number; body?: unknown }) {
  return stubFetch((c) => {
    if (c.method === 'GET' && c.url === '/api/couriers') return { body: { data: [driver, company] } }
    if (c.method === 'GET' && c.url.startsWith('/api/couriers/1/balance')) return { body: balance(open) }
    if (c.method === 'GET' && c.url.startsWith('/api/couriers/2/balance'))
      return { body: balance([], { courier_id: 2, oldest_open_days: null }) }
    if (c.method === 'POST' && c.url === '/api/settlements') return settle(c)
    return undefined
  })
}

const openAccount = async (name: string) => {
  await userEvent.click(await screen.findByRole('button', { name: `Cash account of ${name}` }))
  return screen.findByRole('dialog')
}

describe("a courier's cash account (issue 42)", { timeout: 20_000 }, () => {
  it('shows the balance, the formula and the open deliveries', async () => {
    serve(() => ({ status: 500 }))
    await renderDashboard(<CouriersScreen />, 'en')
    const dialog = await openAccount('Salem')
    expect(await within(dialog).findByTestId('courier-outstanding')).toHaveTextContent(
      'Still owed to the shop280.00 LYD',
    )
    expect(
      within(dialog).getByText(/collected at the doors − the courier's fees − what it has settled/),
    ).toBeInTheDocument()
    expect(within(dialog).getByTestId('courier-oldest-open')).toHaveTextContent('4 days old')
    const first = within(dialog).getByText('GP-1001').closest('tr')!
    expect(first).toHaveTextContent('Customer 11')
    expect(first).toHaveTextContent('120.00 LYD')
  })

  it('hands over the ticked deliveries: amount prefilled with their sum, sent with their ids', async () => {
    const result: SettlementResult = {
      id: 5,
      courier_id: 1,
      amount: 160,
      matched: [
        { line: 1, shipment_id: 11, order_number: 'GP-1001', collected: 120, fee: 0 },
        { line: 2, shipment_id: 13, order_number: 'GP-1003', collected: 40, fee: 0 },
      ],
      mismatches: [],
    }
    const calls = serve(() => ({ status: 201, body: result }))
    await renderDashboard(<CouriersScreen />, 'en')
    const dialog = await openAccount('Salem')
    await userEvent.click(
      await within(dialog).findByRole('checkbox', { name: 'Hand over the cash of order GP-1001' }),
    )
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Hand over the cash of order GP-1003' }),
    )
    expect(within(dialog).getByLabelText(/^Amount handed over/)).toHaveValue(160)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record the cash handed over' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      courier_id: 1,
      amount: 160,
      shipment_ids: [11, 13],
    })
    expect(await within(dialog).findByText(/2 parcels settled\./)).toBeInTheDocument()
    expect(await screen.findByText('2 parcels settled')).toBeInTheDocument()
  })

  it("shows the API's message when the amount is not what the deliveries collected", async () => {
    const message = 'The cash handed over (100.00 LYD) is not what these deliveries collected (120.00 LYD)'
    const calls = serve(() => ({
      status: 422,
      body: { code: 'HANDOVER_AMOUNT_MISMATCH', message, expected: 120, got: 100 },
    }))
    await renderDashboard(<CouriersScreen />, 'en')
    const dialog = await openAccount('Salem')
    await userEvent.click(
      await within(dialog).findByRole('checkbox', { name: 'Hand over the cash of order GP-1001' }),
    )
    const amount = within(dialog).getByLabelText(/^Amount handed over/)
    await userEvent.clear(amount)
    await userEvent.type(amount, '100')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record the cash handed over' }))
    expect(await within(dialog).findByText(message)).toBeInTheDocument()
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ amount: 100, shipment_ids: [11] })
    expect(within(dialog).queryByTestId('settlement-result')).toBeNull()
  })

  it("reads a company's statement: matched lines and mismatches in words, no success when nothing settled", async () => {
    const result: SettlementResult = {
      id: 6,
      courier_id: 2,
      amount: 0,
      matched: [],
      mismatches: [
        { line: 2, kind: 'unknown', order_number: 'GP-9999', tracking_number: null },
        { line: 3, kind: 'not_delivered', order_number: 'GP-1004', tracking_number: null },
        { line: 4, kind: 'short', order_number: null, tracking_number: 'TRK-77', expected: 120, got: 100 },
        { line: 5, kind: 'already_settled', order_number: 'GP-1001', tracking_number: null },
      ],
    }
    const calls = serve(() => ({ status: 201, body: result }))
    const success = vi.spyOn(toast, 'success')
    await renderDashboard(<CouriersScreen />, 'en')
    const dialog = await openAccount('Fast Parcel')
    const file = new File(['tracking_number,collected,fee\nTRK-77,100,10'], 'fast.csv', { type: 'text/csv' })
    await userEvent.upload(await within(dialog).findByTestId('statement-file-input'), file)
    const shown = await within(dialog).findByTestId('settlement-result')
    expect(shown).toHaveTextContent('Nothing was settled.')
    expect(shown).toHaveTextContent("Line 2: order GP-9999 — not one of this courier's shipments")
    expect(shown).toHaveTextContent('Line 3: order GP-1004 — not delivered yet')
    expect(shown).toHaveTextContent(
      'Line 4: tracking number TRK-77 — less than the delivery collectedThe statement says 100.00 LYD · the delivery collected 120.00 LYD',
    )
    expect(shown).toHaveTextContent('Line 5: order GP-1001 — settled already')
    expect(success).not.toHaveBeenCalled()
    const sent = calls.find((c) => c.method === 'POST')!.body as FormData
    expect(sent.get('courier_id')).toBe('2')
    expect((sent.get('file') as File).name).toBe('fast.csv')
  })

  it("lists a statement's unreadable rows as the API words them", async () => {
    serve(() => ({
      status: 422,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'Check the fields',
        errors: { file: ['Some rows of the file cannot be read (see each row); nothing was settled'] },
        rows: [{ row: 3, field: 'collected', message: 'Enter a valid amount' }],
      },
    }))
    await renderDashboard(<CouriersScreen />, 'en')
    const dialog = await openAccount('Fast Parcel')
    await userEvent.upload(
      await within(dialog).findByTestId('statement-file-input'),
      new File(['order_number,collected\nGP-1,abc'], 's.csv', { type: 'text/csv' }),
    )
    const errors = await within(dialog).findByTestId('statement-errors')
    expect(errors).toHaveTextContent('nothing was settled')
    expect(errors).toHaveTextContent('Row 3 collected: Enter a valid amount')
  })

  it('offers no cash recording to staff without settlements.manage (a manager)', async () => {
    serve(() => ({ status: 500 }))
    await renderDashboard(<CouriersScreen />, 'en', { as: staff('manager') })
    const dialog = await openAccount('Salem')
    expect(await within(dialog).findByText('GP-1001')).toBeInTheDocument()
    expect(within(dialog).queryByRole('checkbox')).toBeNull()
    expect(within(dialog).queryByRole('button', { name: 'Record the cash handed over' })).toBeNull()
  })

  it('says it in Arabic', async () => {
    serve(() => ({ status: 500 }))
    await renderDashboard(<CouriersScreen />, 'ar')
    await userEvent.click(await screen.findByRole('button', { name: 'حساب النقد لـSalem' }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByText('المتبقي للمتجر')).toBeInTheDocument()
    expect(within(dialog).getByTestId('courier-oldest-open')).toHaveTextContent('عمره 4 أيام')
    expect(within(dialog).getByRole('button', { name: 'تسجيل النقد المسلَّم' })).toBeInTheDocument()
  })
})
