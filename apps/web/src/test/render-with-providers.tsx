import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { Toaster } from 'sonner'
import { vi } from 'vitest'
import i18n from '../lib/i18n.ts'
import { AuthProvider } from '../lib/auth/auth-provider.tsx'
import { CartProvider } from '../lib/cart/cart-provider.tsx'

// Test harness for storefront screens: real providers, a memory router and a scripted fetch.

export type Handler = (init: { method: string; url: URL; body: unknown; headers: Record<string, string> }) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>

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
    if (!handler) return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } })
    const res = await handler({ method, url, body, headers })
    return new Response(res.body === undefined ? null : JSON.stringify(res.body), { status: res.status ?? 200, headers: { 'content-type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fn)
  return { fn, calls }
}

export async function setLanguage(lang: 'ar' | 'en') {
  await i18n.changeLanguage(lang)
}

export function renderRoutes(routes: RouteObject[], initialEntry: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } })
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] })
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <CartProvider>
          <RouterProvider router={router} />
          <Toaster />
        </CartProvider>
      </AuthProvider>
    </QueryClientProvider>,
  )
  return { ...utils, router, queryClient }
}

/** One screen at `path`, with a marker element for every other path it may navigate to. */
export function renderScreen(element: ReactElement, entry = '/', extra: RouteObject[] = []) {
  const path = entry.split(/[?#]/)[0]!
  return renderRoutes([{ path, element }, ...extra, { path: '*', element: <p data-testid="other-page">other page</p> }], entry)
}
