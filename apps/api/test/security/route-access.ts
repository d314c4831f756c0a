import type { RouteOptions } from 'fastify'
import { isRouteAccess, type RouteAccess } from '../../src/plugins/auth.ts'
import { createTestApp, type TestContext } from '../helpers.ts'

/**
 * Who may call each API route is declared by the route itself (`config: { access }`, decision 0190) and enforced by
 * the guard the auth plugin derives from it. The permission matrix reads the declarations from the registered routes;
 * a route under /api without one cannot even be registered (the app fails to start), and the matrix fails on one too.
 * The OpenAPI documentation (/api/docs*) is public without a declaration (it has its own token guard).
 */
export interface RegisteredRoute {
  method: string
  url: string
  /** `METHOD url` */
  key: string
  /** The route declares a body schema (or is a multipart upload). */
  hasBody: boolean
  /** The declared access; undefined for the documentation routes (public) and a route that declares nothing. */
  access: RouteAccess | undefined
}

export const isDocsRoute = (url: string) => url.startsWith('/api/docs')

/** Builds the app on a fresh test database and lists every /api route it registered (HEAD twins left out). */
export async function createAppWithRoutes(
  env: Record<string, string> = {},
): Promise<{ ctx: TestContext; routes: RegisteredRoute[] }> {
  const seen = new Map<string, RegisteredRoute>()
  const collect = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (!route.url.startsWith('/api')) return
    const declared: unknown = route.config?.access
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue
      const key = `${method} ${route.url}`
      seen.set(key, {
        method,
        url: route.url,
        key,
        hasBody: Boolean(route.schema?.body) || method !== 'GET',
        access: isRouteAccess(declared) ? declared : undefined,
      })
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
