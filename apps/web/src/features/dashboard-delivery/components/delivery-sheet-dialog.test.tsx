import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { driver } from '../test-fixtures.ts'
import { CouriersScreen } from './couriers-screen.tsx'

const printed = vi.hoisted(() => ({ html: [] as string[] }))
vi.mock('../../../lib/print-html.ts', () => ({
  printHtml: (html: string) => printed.html.push(html),
  openHtmlTab: () => ({ show: (html: string) => printed.html.push(`tab:${html}`), fail: () => {} }),
}))

afterEach(() => {
  vi.unstubAllGlobals()
  printed.html = []
})

const SHEET = '<!DOCTYPE html><html lang="ar" dir="rtl"><body><h1>كشف التوصيل</h1></body></html>'

/** The couriers list as JSON; the sheet as HTML, with the headers it was asked with. */
function serve() {
  const asked: { url: string; headers: Record<string, string> }[] = []
  const json = stubFetch((c) => (c.url === '/api/couriers' ? { body: { data: [driver] } } : undefined))
  const jsonFetch = globalThis.fetch
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (!String(input).includes('/delivery-sheet')) return jsonFetch(input, init)
    asked.push({ url: String(input), headers: (init?.headers ?? {}) as Record<string, string> })
    return new Response(SHEET, { headers: { 'Content-Type': 'text/html; charset=utf-8' } })
  })
  return { asked, json }
}

describe("a courier's delivery sheet (issue 42)", { timeout: 20_000 }, () => {
  it('asks for the chosen day with the bearer token and language, and prints the HTML', async () => {
    const { asked } = serve()
    await renderDashboard(<CouriersScreen />, 'ar')
    await userEvent.click(await screen.findByRole('button', { name: 'كشف توصيل Salem' }))
    const dialog = await screen.findByRole('dialog')
    const day = within(dialog).getByLabelText(/^التاريخ/)
    expect(day).toHaveValue(new Date().toLocaleDateString('en-CA'))
    await userEvent.clear(day)
    await userEvent.type(day, '2026-11-20')
    await userEvent.click(within(dialog).getByRole('button', { name: 'طباعة' }))
    await waitFor(() => expect(printed.html).toEqual([SHEET]))
    expect(asked[0]!.url).toBe('/api/couriers/1/delivery-sheet?date=2026-11-20')
    expect(asked[0]!.headers).toMatchObject({ 'Accept-Language': 'ar', Accept: 'text/html' })
    expect(asked[0]!.headers.Authorization).toMatch(/^Bearer test-token-/)
  })

  it('opens it in a new tab for phones', async () => {
    serve()
    await renderDashboard(<CouriersScreen />, 'en')
    await userEvent.click(await screen.findByRole('button', { name: 'Delivery sheet of Salem' }))
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Open' }))
    await waitFor(() => expect(printed.html).toEqual([`tab:${SHEET}`]))
  })
})
