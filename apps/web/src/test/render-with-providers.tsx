import { act, render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, Outlet, RouterProvider, useLoaderData, type RouteObject } from 'react-router'
import { QueryClient } from '@tanstack/react-query'
import { vi } from 'vitest'
import type { Language } from '@shop/shared/i18n/messages'
import type { PublicSettings } from '@shop/shared/schemas/setting'
import { useDocumentLanguage } from '../app/document-language.ts'
import { AppProviders } from '../app/providers.tsx'
import i18n from '../lib/i18n.ts'
import { QueryProvider } from '../lib/query-provider.tsx'
import type { ShopIdentity } from '../lib/shop-content.ts'

// Test harness for storefront screens: the app's real providers under a root route like the real one (root.tsx: the
// page's language and the shop's settings, read again on a revalidation), a memory router and a scripted fetch.

export type Handler = (init: {
  method: string
  url: URL
  body: unknown
  headers: Record<string, string>
}) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>

export interface FetchCall {
  method: string
  path: string
  url: URL
  body: unknown
  headers: Record<string, string>
}

/** Stubs global fetch: `handlers['POST /api/orders']` answers that call; anything else is a 404. */
export function mockFetch(handlers: Record<string, Handler>) {
  const calls: FetchCall[] = []
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const headers = (init?.headers ?? {}) as Record<string, string>
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ method, path: url.pathname, url, body, headers })
    const handler = handlers[`${method} ${url.pathname}`]
    if (!handler)
      return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Not found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      })
    const res = await handler({ method, url, body, headers })
    return new Response(res.body === undefined ? null : JSON.stringify(res.body), {
      status: res.status ?? 200,
      headers: { 'content-type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fn)
  return { fn, calls }
}

let currentRouter: ReturnType<typeof createMemoryRouter> | null = null

/** After each test (test/setup.ts): the next test's language change must not reach the last test's router. */
export const forgetRouter = () => {
  currentRouter?.dispose()
  currentRouter = null
}

/** The visitor's language, as the language switch sets it: saved, texts loaded, the page's data read again in it. */
export async function setLanguage(lang: Language) {
  document.cookie = `language=${lang}; path=/`
  if (!currentRouter) return void (await i18n.changeLanguage(lang))
  // As the language switch does: the texts first, then the page's data read again in the new language (the root's
  // language then moves i18next, app/document-language.ts).
  await i18n.loadLanguages(lang)
  await act(() => currentRouter!.revalidate())
  await vi.waitFor(() => {
    if (i18n.language !== lang) throw new Error(`still ${i18n.language}`)
  })
}

export const testSettings: Partial<PublicSettings> = {
  contact_email: 'info@golden-palm.ly',
  contact_phone: '+218 91 234 5678',
}

/** What the server's root loader answers: the language of the cookie (as the server reads it), the settings. */
const rootData = (settings: Partial<PublicSettings>, identity?: ShopIdentity) => ({
  lang: (/(?:^|;\s*)language=en(?:;|$)/.test(document.cookie) ? 'en' : 'ar') as Language,
  origin: 'http://shop.test',
  settings,
  identity,
})

function TestRoot({ queryClient }: { queryClient: QueryClient }) {
  const data = useLoaderData() as ReturnType<typeof rootData>
  useDocumentLanguage(data.lang)
  return (
    <AppProviders>
      <QueryProvider client={queryClient}>
        <Outlet />
      </QueryProvider>
    </AppProviders>
  )
}

export function renderRoutes(
  routes: RouteObject[],
  initialEntry: string,
  options: { settings?: Partial<PublicSettings>; identity?: ShopIdentity } = {},
) {
  const settings = options.settings ?? testSettings
  const identity = options.identity
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  })
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => rootData(settings, identity),
        element: <TestRoot queryClient={queryClient} />,
        children: routes,
      },
    ],
    {
      initialEntries: [initialEntry],
      hydrationData: { loaderData: { root: rootData(settings, identity) } },
    },
  )
  currentRouter = router
  const utils = render(<RouterProvider router={router} />)
  return { ...utils, router, queryClient }
}

/** One screen at `path`, with a marker element for every other path it may navigate to. */
export function renderScreen(
  element: ReactElement,
  entry = '/',
  extra: RouteObject[] = [],
  options: { settings?: Partial<PublicSettings>; identity?: ShopIdentity } = {},
) {
  const path = entry.split(/[?#]/)[0]!
  return renderRoutes(
    [{ path, element }, ...extra, { path: '*', element: <p data-testid="other-page">other page</p> }],
    entry,
    options,
  )
}
