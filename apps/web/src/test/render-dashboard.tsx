import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { Toaster } from 'sonner'
import { vi } from 'vitest'
import type { User } from '@shop/shared/schemas/auth'
import { AuthProvider } from '../lib/auth/auth-provider.tsx'
import { setToken, STORAGE_KEYS, writeStorage } from '../lib/storage.ts'
import i18n from '../lib/i18n.ts'
import { createQueryClient } from '../lib/query-client.ts'
import arDashboard from '../locales/ar/dashboard.json'
import enDashboard from '../locales/en/dashboard.json'

i18n.addResourceBundle('ar', 'dashboard', arDashboard, true, true)
i18n.addResourceBundle('en', 'dashboard', enDashboard, true, true)

/** The shop's owner (every permission, decision 0190): who a dashboard test is signed in as unless it says. */
export const TEST_OWNER: User = {
  id: 1,
  name: 'Owner',
  email: 'owner@example.ly',
  is_admin: true,
  is_active: true,
  role: 'super_admin',
  roles: [{ name: 'super_admin' }],
  created_at: '2026-01-01T00:00:00Z',
}
let signedInAs: User | null = TEST_OWNER

/**
 * Renders a dashboard screen with the providers it needs, in the given language (test helper shared by the dashboard
 * features' tests). The query client is the app's own (lib/query-client.ts: its refresh rule after writes), without
 * retries so a failure shows at once.
 */
export async function renderDashboard(
  ui: ReactElement,
  lang: 'ar' | 'en' = 'en',
  options: { as?: User | null; settings?: Record<string, string> } = {},
) {
  await i18n.changeLanguage(lang)
  // Signed in (the dashboard always is): the owner unless the test names someone; /api/me answers them (stubFetch).
  signedInAs = options.as === undefined ? TEST_OWNER : options.as
  setToken(signedInAs ? 'test-token-'.padEnd(40, 'x') : null)
  writeStorage(STORAGE_KEYS.user, signedInAs ? JSON.stringify(signedInAs) : null)
  const client = createQueryClient()
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retry: false },
    mutations: { retry: false },
  })
  // A data router, as the app has: screens may revalidate (the account menu's language switch).
  // The root route's data holds the shop's public settings (useShopSettings), given as if the server had loaded them.
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '*',
        element: (
          <>
            {ui}
            <Toaster />
          </>
        ),
      },
    ],
    { hydrationData: { loaderData: { root: { settings: options.settings ?? {} } } } },
  )
  const result = render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  )
  return { ...result, client }
}

export interface FetchCall {
  method: string
  url: string
  body: unknown
}

type Handler = (call: FetchCall) => { status?: number; body?: unknown } | undefined

/** Stubs fetch with a router of handlers; records every call (method, path + query, parsed body). */
export function stubFetch(handler: Handler) {
  const calls: FetchCall[] = []
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const raw = init?.body
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw
    const call = { method: init?.method ?? 'GET', url, body }
    calls.push(call)
    const answer = handler(call) ??
      (signedInAs && call.url.endsWith('/api/me') ? { body: signedInAs } : undefined) ?? {
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Not found' },
      }
    const status = answer.status ?? 200
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), {
      status,
      headers: { 'Content-Type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fn)
  return calls
}
