import type { QueryClient } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { City } from '@shop/shared/schemas/city'
import { activeCitiesKey, dashboardKeys } from '../../../lib/dashboard-keys.ts'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { CitiesScreen } from './cities-screen.tsx'

const city = (id: number, name: string): City => ({
  id,
  name,
  delivery_price: 10,
  is_active: true,
  cod_allowed: true,
  cod_max_total: null,
})
const firstPage = Array.from({ length: 10 }, (_, i) => city(i + 1, `City ${i + 1}`))

afterEach(() => vi.unstubAllGlobals())

/** Two pages (10 + 2 cities); deleting both cities of page 2 leaves one page. */
function twoPages() {
  const deleted = new Set<number>()
  const calls = stubFetch((c) => {
    if (c.method === 'GET' && c.url.startsWith('/api/cities')) {
      const second = [city(11, 'Ghat'), city(12, 'Sabha')].filter((x) => !deleted.has(x.id))
      const total = 10 + second.length
      const last_page = Math.ceil(total / 10)
      const p2 = c.url.includes('page=2')
      return {
        body: { data: p2 ? second : firstPage, total, last_page, current_page: p2 ? 2 : 1, per_page: 10 },
      }
    }
    if (c.method === 'DELETE') {
      deleted.add(Number(c.url.split('/').at(-1)))
      return { status: 204 }
    }
    if (c.method === 'POST' && c.url === '/api/cities/import')
      return { body: { message: 'Imported', summary: { created: 1, updated: 0, errors: [] } } }
    return undefined
  })
  return calls
}

describe('cities: emptied last page', { timeout: 20_000 }, () => {
  it('goes back to the last page with rows after a batch delete empties page 2', async () => {
    const calls = twoPages()
    await renderDashboard(<CitiesScreen />, 'en')
    await screen.findByText('City 1')
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }))
    await screen.findByText('Ghat')
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }))
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }))
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('City 1')).toBeInTheDocument()
    expect(screen.queryByText('No cities yet')).not.toBeInTheDocument()
    expect(
      calls
        .filter((c) => c.method === 'DELETE')
        .map((c) => c.url)
        .sort(),
    ).toEqual(['/api/cities/11', '/api/cities/12'])
  })
})

describe('cities: what a city write refreshes (product.md §4.7)', { timeout: 20_000 }, () => {
  const overview = dashboardKeys.overview.stats({ from: '2025-01-01', to: '2025-01-31' })

  /** Caches the checkout's cities and an overview, as if both screens had been open in this browser. */
  function seed(client: QueryClient) {
    client.setQueryData(overview, { total_orders: 1 })
    client.setQueryData(activeCitiesKey, [])
    return (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated
  }

  it('after a delete: the list is fetched again and the checkout cities go stale; the overview does not', async () => {
    const calls = twoPages()
    const { client } = await renderDashboard(<CitiesScreen />, 'en')
    const isStale = seed(client)
    await screen.findByText('City 1')
    const loads = () => calls.filter((c) => c.method === 'GET').length
    const before = loads()
    await userEvent.click(await screen.findByRole('button', { name: 'Delete City 1' }))
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('City 1 was deleted')).toBeInTheDocument()
    expect(loads()).toBe(before + 1)
    expect(isStale(activeCitiesKey)).toBe(true)
    expect(isStale(overview)).toBe(false)
  })

  it('after a CSV import: the same', async () => {
    const calls = twoPages()
    const { client } = await renderDashboard(<CitiesScreen />, 'en')
    const isStale = seed(client)
    await screen.findByText('City 1')
    await userEvent.upload(
      screen.getByTestId('csv-file-input'),
      new File(['name,delivery_price\nGhat,5'], 'c.csv', { type: 'text/csv' }),
    )
    await waitFor(() => expect(calls.some((c) => c.url === '/api/cities/import')).toBe(true))
    await waitFor(() => expect(isStale(activeCitiesKey)).toBe(true))
    expect(isStale(overview)).toBe(false)
  })
})

describe('cities in Arabic and English (decision 0057)', { timeout: 20_000 }, () => {
  it('marks a city without an English name and saves both names from the form', async () => {
    const rows: City[] = [
      { ...city(1, 'Tripoli'), name_ar: 'طرابلس', name_en: 'Tripoli' },
      { ...city(2, 'غات'), name_ar: 'غات', name_en: null },
    ]
    const calls = stubFetch((c) => {
      if (c.method === 'GET' && c.url.startsWith('/api/cities'))
        return { body: { data: rows, total: 2, last_page: 1, current_page: 1, per_page: 10 } }
      if (c.method === 'PUT') return { body: { ...rows[1], name_en: 'Ghat' } }
      return undefined
    })
    await renderDashboard(<CitiesScreen />, 'en')
    const row = async (name: string) => (await screen.findByText(name, { selector: 'bdi' })).closest('tr')!
    expect(within(await row('Tripoli')).queryByText('No English')).toBeNull()
    expect(within(await row('غات')).getByText('No English')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Edit غات' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText(/^City in Arabic/)).toHaveValue('غات')
    await userEvent.type(within(dialog).getByLabelText(/^City in English/), 'Ghat')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      name_ar: 'غات',
      name_en: 'Ghat',
      delivery_price: 10,
      is_active: true,
      cod_allowed: true,
      cod_max_total: null,
    })
  })
})

describe('cash on delivery per city (decision 0071)', { timeout: 20_000 }, () => {
  it("shows each city's cash rule and saves a limit from the form", async () => {
    const rows: City[] = [
      { ...city(1, 'Tripoli'), name_ar: 'طرابلس', name_en: 'Tripoli', cod_max_total: 1500 },
      { ...city(2, 'Ghat'), name_ar: 'غات', name_en: 'Ghat', cod_allowed: false },
      { ...city(3, 'Sabha'), name_ar: 'سبها', name_en: 'Sabha' },
    ]
    const calls = stubFetch((c) => {
      if (c.method === 'GET' && c.url.startsWith('/api/cities'))
        return { body: { data: rows, total: 3, last_page: 1, current_page: 1, per_page: 10 } }
      if (c.method === 'PUT') return { body: rows[2] }
      return undefined
    })
    await renderDashboard(<CitiesScreen />, 'en')
    const row = async (name: string) => (await screen.findByText(name, { selector: 'bdi' })).closest('tr')!
    expect(within(await row('Tripoli')).getByText(/Up to/)).toHaveTextContent('Up to 1500.00 LYD')
    expect(within(await row('Ghat')).getByText('No cash')).toBeInTheDocument()
    expect(within(await row('Sabha')).getByText('Cash accepted')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Edit Sabha' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.type(within(dialog).getByLabelText(/^Largest order total for cash/), '800')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      cod_allowed: true,
      cod_max_total: 800,
    })
  })
})

describe('a city where nobody can pay (issue 26, decision 0136)', { timeout: 20_000 }, () => {
  const rows: City[] = [
    { ...city(1, 'Tripoli'), cod_max_total: 1500 },
    { ...city(2, 'Ghat'), cod_allowed: false },
    { ...city(3, 'Sabha') },
  ]
  const serve = (methods: string[]) =>
    stubFetch((c) => {
      if (c.method === 'GET' && c.url.startsWith('/api/cities'))
        return { body: { data: rows, total: 3, last_page: 1, current_page: 1, per_page: 10 } }
      if (c.url.startsWith('/api/payments/methods'))
        return { body: { methods, massarat: null, paypal: null } }
      return undefined
    })
  const row = async (name: string) => (await screen.findByText(name, { selector: 'bdi' })).closest('tr')!

  it.each(['en', 'ar'] as const)('warns the owner when no online method is set up (%s)', async (lang) => {
    serve(['cash'])
    await renderDashboard(<CitiesScreen />, lang)
    const texts =
      lang === 'en'
        ? {
            none: 'No way to pay',
            over: 'Above the limit: no way to pay',
            warning: /takes no online payments/,
          }
        : {
            none: 'لا طريقة للدفع',
            over: 'ما فوق الحد: لا طريقة للدفع',
            warning: /لا يقبل المتجر الدفع الإلكتروني/,
          }
    expect(await within(await row('Ghat')).findByText(texts.none)).toBeInTheDocument()
    expect(within(await row('Tripoli')).getByText(texts.over)).toBeInTheDocument()
    expect(within(await row('Sabha')).queryByText(texts.none)).toBeNull()
    expect(screen.getByTestId('cities-no-way-warning')).toHaveTextContent(texts.warning)
  })

  it('says only "no cash" when an online method can pay', async () => {
    serve(['cash', 'massarat'])
    await renderDashboard(<CitiesScreen />, 'en')
    expect(await within(await row('Ghat')).findByText('No cash')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('No way to pay')).toBeNull())
    expect(screen.queryByTestId('cities-no-way-warning')).toBeNull()
  })
})
