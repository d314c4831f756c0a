import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { report } from '../test-fixtures.ts'
import { DeliveryReportSection } from './delivery-report-section.tsx'

afterEach(() => vi.unstubAllGlobals())

const serve = () => stubFetch((c) => (c.url === '/api/reports/delivery' ? { body: report } : undefined))
const rowOf = async (table: string, name: string) =>
  within(await screen.findByRole('table', { name: table }))
    .getByText(name, { selector: 'bdi' })
    .closest('tr')!

describe('the delivery report (issue 42)', { timeout: 20_000 }, () => {
  it('shows cash owed per courier with its age, refusal rates and the fees compared', async () => {
    serve()
    await renderDashboard(<DeliveryReportSection />, 'en')
    const salem = await rowOf('Cash still owed by each courier', 'Salem')
    expect(salem).toHaveTextContent('280.00 LYD')
    expect(salem).toHaveTextContent('4 days')
    expect(await rowOf('Cash still owed by each courier', 'Fast Parcel')).toHaveTextContent('None')

    const misrata = await rowOf('Refusals by city', 'Misrata')
    expect(
      within(misrata)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '1', '25%'])
    expect(await rowOf('Refusals by courier', 'Salem')).toHaveTextContent('10%')

    expect(screen.getByTestId('fees-charged')).toHaveTextContent('300.00 LYD')
    expect(screen.getByTestId('fees-paid')).toHaveTextContent('125.00 LYD')
    expect(screen.getByTestId('fees-difference')).toHaveTextContent('Left to the shop175.00 LYD')
  })

  it('says "today" for a delivery of today', async () => {
    stubFetch((c) =>
      c.url === '/api/reports/delivery'
        ? { body: { ...report, outstanding: [{ ...report.outstanding[0]!, oldest_open_days: 0 }] } }
        : undefined,
    )
    await renderDashboard(<DeliveryReportSection />, 'en')
    expect(await rowOf('Cash still owed by each courier', 'Salem')).toHaveTextContent('Today')
  })

  it('says it in Arabic', async () => {
    serve()
    await renderDashboard(<DeliveryReportSection />, 'ar')
    const salem = await rowOf('النقد المتبقي على كل مندوب', 'Salem')
    expect(salem).toHaveTextContent('4 أيام')
    expect(await rowOf('الرفض حسب المدينة', 'Misrata')).toHaveTextContent('25%')
    expect(screen.getByTestId('fees-difference')).toHaveTextContent('ما يبقى للمتجر')
  })

  it('says when it could not load', async () => {
    stubFetch(() => ({ status: 500, body: { code: 'INTERNAL', message: 'Boom' } }))
    await renderDashboard(<DeliveryReportSection />, 'en')
    expect(await screen.findByText('Could not load the delivery report')).toBeInTheDocument()
  })
})
