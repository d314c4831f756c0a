import type { RouteOptions } from 'fastify'
import { createTestApp, type TestContext } from '../helpers.ts'

/**
 * Who may call each API route (docs/api.md guard column; product.md §6.1).
 * public: anyone · user: signed in · admin: role admin or super_admin · super: super_admin only.
 * Every /api route the app registers must be listed here: the permission matrix fails on a
 * route that is missing, so a new endpoint cannot ship without someone deciding who may call it.
 */
export type Access = 'public' | 'user' | 'admin' | 'super'

export const ROUTE_ACCESS: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/health/ready': 'public',
  // Benchmark reference route, registered only with BENCH_REFERENCE=1 (bench/src/run.ts).
  'GET /api/_bench/ref': 'public',
  // OpenAPI documentation (fastify swagger-ui): public, no data.
  'GET /api/docs': 'public',
  'GET /api/docs/': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/uiConfig': 'public',
  'GET /api/docs/initOAuth': 'public',
  // Auth and profile
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/me': 'user',
  'POST /api/logout': 'user',
  'POST /api/auth/change-password': 'user',
  'GET /api/profile': 'user',
  // Catalogue
  'GET /api/products': 'public',
  'GET /api/products/suggest': 'public',
  'GET /api/products/:id': 'public',
  'POST /api/products': 'admin',
  'PUT /api/products/:id': 'admin',
  'POST /api/products/:id': 'admin',
  'PATCH /api/products/:id/status': 'admin',
  'PATCH /api/products/:id/stock': 'admin',
  'DELETE /api/products/:id': 'admin',
  'POST /api/products/batch': 'admin',
  'GET /api/images/:id/:file': 'public',
  'GET /api/categories': 'public',
  'GET /api/categories/:id': 'public',
  'POST /api/categories': 'admin',
  'PUT /api/categories/:id': 'admin',
  'PATCH /api/categories/:id/status': 'admin',
  'DELETE /api/categories/:id': 'admin',
  // Offers (issue 29)
  'GET /api/promotions': 'admin',
  'GET /api/promotions/:id': 'admin',
  'POST /api/promotions': 'admin',
  'PATCH /api/promotions/:id': 'admin',
  'DELETE /api/promotions/:id': 'admin',
  // Cities
  'GET /api/cities': 'public',
  'POST /api/cities': 'admin',
  'PUT /api/cities/:id': 'admin',
  'PATCH /api/cities/:id/status': 'admin',
  'DELETE /api/cities/:id': 'admin',
  'POST /api/cities/batch': 'admin',
  // Orders and checkout
  'POST /api/orders/quote': 'public',
  'POST /api/orders': 'public',
  'GET /api/orders': 'user',
  'GET /api/orders/:id': 'user',
  'PUT /api/orders/:id': 'admin',
  // Decision 0133: staff edit a pending or processing order's lines and city.
  'PUT /api/orders/:id/items': 'admin',
  'GET /api/orders/export/csv': 'admin',
  // Decisions 0068–0070: the shopper cancels their own pending order; staff confirm one by phone; guest tracking.
  'POST /api/orders/:id/cancel': 'user',
  'POST /api/orders/:id/confirm': 'admin',
  // Decision 0173: the customer refused a cash order at the door.
  'POST /api/orders/:id/refused-at-door': 'admin',
  'POST /api/orders/:id/tracking-link': 'admin',
  'POST /api/track': 'public',
  'POST /api/track/cancel': 'public',
  // Payments: the shopper's steps answer 404 without the order's payment token (decision 0081); providers' returns
  // and webhooks are verified by signature, not by a session.
  'GET /api/payments/methods': 'public',
  'GET /api/payments/orders/:id': 'public',
  'POST /api/payments/orders/:id/wallet': 'public',
  'POST /api/payments/orders/:id/wallet/confirm': 'public',
  'POST /api/payments/orders/:id/redirect': 'public',
  'POST /api/payments/orders/:id/cash': 'public',
  'POST /api/payments/orders/:id/release': 'public',
  'GET /api/payments/plutu/return': 'public',
  'GET /api/payments/paypal/return': 'public',
  'GET /api/payments/paypal/cancel': 'public',
  'POST /api/payments/paypal/webhook': 'public',
  'GET /api/payments': 'admin',
  'POST /api/payments/:id/refund': 'admin',
  'POST /api/payments/:id/check': 'admin',
  'POST /api/payments/:id/flag/resolve': 'admin',
  // Dashboard, users, settings, imports
  'GET /api/dashboard/stats': 'admin',
  'GET /api/dashboard/revenue': 'admin',
  'GET /api/users': 'admin',
  'GET /api/users/:id': 'admin',
  'PATCH /api/users/:id/role': 'super',
  'PATCH /api/users/:id/status': 'admin',
  'GET /api/settings': 'admin',
  'GET /api/settings/public': 'public',
  'PUT /api/settings': 'admin',
  'GET /api/content': 'admin',
  'PUT /api/content': 'admin',
  'POST /api/content/images': 'admin',
  'GET /api/products/import/sample': 'admin',
  'GET /api/products/export/csv': 'admin',
  'GET /api/cities/import/sample': 'admin',
  'POST /api/products/import': 'admin',
  'POST /api/cities/import': 'admin',
  // Staff (issue 30, decision 0196): the owner's (staff.manage); the invitation page is public.
  'GET /api/staff': 'super',
  'POST /api/staff/invitations': 'super',
  'PATCH /api/staff/:id': 'super',
  'GET /api/auth/invitation/:token': 'public',
  'POST /api/auth/accept-invitation': 'public',
}

export interface RegisteredRoute {
  method: string
  url: string
  /** `METHOD url`, the key of ROUTE_ACCESS. */
  key: string
  /** The route declares a body schema (or is a multipart upload). */
  hasBody: boolean
}

/** Builds the app on a fresh test database and lists every /api route it registered (HEAD twins left out). */
export async function createAppWithRoutes(
  env: Record<string, string> = {},
): Promise<{ ctx: TestContext; routes: RegisteredRoute[] }> {
  const seen = new Map<string, RegisteredRoute>()
  const collect = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (!route.url.startsWith('/api')) return
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue
      const key = `${method} ${route.url}`
      seen.set(key, { method, url: route.url, key, hasBody: Boolean(route.schema?.body) || method !== 'GET' })
    }
  }
  const ctx = await createTestApp({ onRoute: collect, env })
  return { ctx, routes: [...seen.values()] }
}

/** A concrete URL for a route pattern: every `:param` filled (image file → large.webp), wildcards → a file name. */
export function fillPath(url: string, id: string | number = 999_999): string {
  return url
    .replace(/:file/g, 'large.webp')
    .replace(/:(\w+)/g, () => String(id))
    .replace(/\*/g, 'x.js')
}
