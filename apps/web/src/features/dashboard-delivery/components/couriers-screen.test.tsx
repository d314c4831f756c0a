import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { company, driver, report, staff } from '../test-fixtures.ts'
import { CouriersScreen } from './couriers-screen.tsx'

afterEach(() => vi.unstubAllGlobals())

const serve = (extra: Parameters<typeof stubFetch>[0] = () => undefined) =>
  stubFetch((c) => {
    const answer = extra(c)
    if (answer) return answer
    if (c.method === 'GET' && c.url === '/api/couriers') return { body: { data: [driver, company] } }
    if (c.method === 'GET' && c.url === '/api/reports/delivery') return { body: report }
    return undefined
  })

/** A courier's row in the couriers table (the report below names couriers too). */
const row = async (name: string) => {
  const table = await screen.findByRole('table', { name: /^(Couriers|المندوبون)$/ })
  return (await within(table).findByText(name, { selector: 'bdi' })).closest('tr')!
}

describe('couriers list (issue 42)', { timeout: 20_000 }, () => {
  it('shows each courier in English: kind, phone to call, fee, driver link, active', async () => {
    serve()
    await renderDashboard(<CouriersScreen />, 'en')
    expect(await screen.findByRole('heading', { name: 'Couriers', level: 1 })).toBeInTheDocument()
    const salem = await row('Salem')
    expect(within(salem).getByText('Own driver')).toBeInTheDocument()
    expect(within(salem).getByRole('link', { name: 'Call Salem on 0912345678' })).toHaveAttribute(
      'href',
      'tel:0912345678',
    )
    expect(within(salem).getByText('No fee')).toBeInTheDocument()
    expect(within(salem).getByText(/^Works until 1 Feb 2099/)).toBeInTheDocument()
    expect(within(salem).getByRole('button', { name: /^Active/ })).toBeInTheDocument()
    const fast = await row('Fast Parcel')
    expect(within(fast).getByText('Courier company')).toBeInTheDocument()
    expect(within(fast).getByText('12.50 LYD')).toBeInTheDocument()
    expect(within(fast).getByText('Not used')).toBeInTheDocument()
    expect(within(fast).queryByRole('button', { name: /Driver link/ })).toBeNull()
  })

  it('says it in Arabic, numbers left to right', async () => {
    serve()
    await renderDashboard(<CouriersScreen />, 'ar')
    expect(await screen.findByRole('heading', { name: 'المندوبون', level: 1 })).toBeInTheDocument()
    const salem = await row('Salem')
    expect(within(salem).getByText('سائق المتجر')).toBeInTheDocument()
    expect(within(salem).getByText('0912345678')).toHaveClass('ltr-nums')
    const fast = await row('Fast Parcel')
    expect(within(fast).getByText('شركة توصيل')).toBeInTheDocument()
    expect(within(fast).getByText(/12\.50/)).toHaveClass('ltr-nums')
  })

  it('switches a courier off from its pill (PATCH is_active)', async () => {
    const calls = serve((c) => (c.method === 'PATCH' ? { body: { ...driver, is_active: false } } : undefined))
    await renderDashboard(<CouriersScreen />, 'en')
    await userEvent.click(within(await row('Salem')).getByRole('button', { name: /^Active/ }))
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ is_active: false }))
    expect(calls.find((c) => c.method === 'PATCH')!.url).toBe('/api/couriers/1')
  })

  it('shows the empty state with the add action', async () => {
    serve((c) => (c.url === '/api/couriers' ? { body: { data: [] } } : undefined))
    await renderDashboard(<CouriersScreen />, 'en')
    expect(await screen.findByText('No couriers yet')).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Add courier' }).length).toBeGreaterThan(0)
  })

  it('says what failed and offers to try again', async () => {
    serve((c) =>
      c.url === '/api/couriers' ? { status: 500, body: { code: 'INTERNAL', message: 'Boom' } } : undefined,
    )
    await renderDashboard(<CouriersScreen />, 'en')
    expect(await screen.findByText('Could not load the couriers')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
  })
})

describe('who sees what (decision 0190)', { timeout: 20_000 }, () => {
  it('an accountant (settlements.manage, no delivery.manage) sees the couriers and their cash accounts, nothing to edit', async () => {
    serve()
    await renderDashboard(<CouriersScreen />, 'en', { as: staff('accountant') })
    expect(await row('Salem')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Delivery report' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add courier' })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Edit Salem/ })).toBeNull()
    expect(screen.getAllByRole('button', { name: /^Cash account of Salem/ }).length).toBeGreaterThan(0)
  })

  it('an order clerk (no stats.view) sees the couriers without the report', async () => {
    const calls = serve()
    await renderDashboard(<CouriersScreen />, 'en', { as: staff('order_clerk') })
    expect(await row('Salem')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Delivery report' })).toBeNull()
    expect(calls.some((c) => c.url === '/api/reports/delivery')).toBe(false)
  })
})
