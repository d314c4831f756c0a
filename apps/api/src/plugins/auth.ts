import fp from 'fastify-plugin'
import { and, eq, gt, sql } from 'drizzle-orm'
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify'
import type { Role } from '@shop/shared/schemas/auth'
import {
  BUILT_IN_ROLE_PERMISSIONS,
  isPermission,
  type BuiltInRole,
  type Permission,
} from '@shop/shared/permissions'
import { apiTokens, users } from '../db/schema/users.ts'
import { staffRoles } from '../db/schema/team.ts'
import { AppError } from '../lib/app-error.ts'
import { hashToken } from '../lib/tokens.ts'
import type { Actor } from '../domain/actor.ts'

export interface AuthUser {
  id: number
  name: string
  email: string
  role: Role
  tokenId: number
  /** Issue 30: what the user's staff role allows (empty for a shopper; everything for a super_admin). */
  permissions: ReadonlySet<Permission>
}

/**
 * Decision 0190: a super_admin is the owner whatever their staff role says; an admin has their staff role's
 * permissions (a built-in role's come from the code, so a permission added later reaches it without a migration), an
 * admin without one is a manager; a shopper has none.
 */
export function permissionsOf(
  role: Role,
  staffRole: { key: BuiltInRole | null; permissions: unknown } | null,
): ReadonlySet<Permission> {
  if (role === 'super_admin') return new Set(BUILT_IN_ROLE_PERMISSIONS.owner)
  if (role !== 'admin') return new Set()
  if (!staffRole) return new Set(BUILT_IN_ROLE_PERMISSIONS.manager)
  if (staffRole.key) return new Set(BUILT_IN_ROLE_PERMISSIONS[staffRole.key])
  const list = Array.isArray(staffRole.permissions) ? staffRole.permissions : []
  return new Set(list.filter(isPermission))
}

/**
 * Who may call a route (decision 0190), declared in the route's own options: `config: { access: ... }`.
 * - `'public'`: anyone; no guard (a route that wants the signed-in user if any adds `onRequest: app.guards.optionalUser`).
 * - `'signed_in'`: any signed-in account (401 for a guest); the handler decides what the caller sees.
 * - `'staff'`: any staff member whatever their role (401 for a guest, 403 FORBIDDEN for a shopper; issue 39: the
 *   mail's state, which every screen that "sends" needs).
 * - a Permission (`'orders.process'`): staff whose role has it (401 for a guest, 403 FORBIDDEN otherwise).
 * - `{ anyOf: [...] }` (issue 42): staff whose role has one of them (a courier's balance: delivery or settlements).
 * The declaration IS the guard: the onRoute hook below adds the matching onRequest guard (before the body is parsed
 * or validated), and an /api route without a declaration fails at start-up.
 */
export type RouteAccess = 'public' | 'signed_in' | 'staff' | Permission | { anyOf: readonly Permission[] }

export const isRouteAccess = (value: unknown): value is RouteAccess =>
  value === 'public' ||
  value === 'signed_in' ||
  value === 'staff' ||
  isPermission(value) ||
  (typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { anyOf?: unknown }).anyOf) &&
    (value as { anyOf: unknown[] }).anyOf.length > 0 &&
    (value as { anyOf: unknown[] }).anyOf.every(isPermission))

/** Routes under these prefixes are public without declaring it (OpenAPI documentation, guarded by its own hook). */
const IMPLICITLY_PUBLIC = ['/api/docs']

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (decision 0190); required on every /api route. */
    access?: RouteAccess
  }
  interface FastifyRequest {
    /** Set by the guards (undefined until resolved, null for a guest). */
    user: AuthUser | null | undefined
  }
  interface FastifyInstance {
    guards: {
      /** Resolves the bearer token if any: no token is a guest, a bad one is a 401. */
      optionalUser: preHandlerAsyncHookHandler
      signedIn: preHandlerAsyncHookHandler
      /** Signed in (401) as staff whose role has `permission` (403 FORBIDDEN, translated, otherwise). */
      can(permission: Permission): preHandlerAsyncHookHandler
      /** Signed in (401) as any staff member (403 FORBIDDEN for a shopper). */
      staff: preHandlerAsyncHookHandler
    }
    /**
     * Who this request acts as (issue 30): staff, a shopper or a guest, from the already resolved user (call after a
     * guard). Services that write take it.
     */
    actorOf(request: FastifyRequest): Actor
    /** The bearer token's user, null without a bearer token; throws 401 UNAUTHENTICATED for a bad one. */
    resolveUser(request: FastifyRequest): Promise<AuthUser | null>
  }
}

export const isStaff = (user: AuthUser | null | undefined) =>
  user?.role === 'admin' || user?.role === 'super_admin'

/** The user is staff and their role has `permission` (decision 0190); false for a guest or a shopper. */
export const hasPermission = (user: AuthUser | null | undefined, permission: Permission): boolean =>
  isStaff(user) && user!.permissions.has(permission)

const LAST_USED_RESOLUTION_MS = 5 * 60_000

/** One actor per request, so the audit rows its services write are counted on it (decision 0192). */
const actors = new WeakMap<FastifyRequest, Actor>()

async function authPluginImpl(app: FastifyInstance) {
  app.decorateRequest('user', undefined)

  app.decorate('resolveUser', async (request: FastifyRequest): Promise<AuthUser | null> => {
    if (request.user !== undefined) return request.user
    const header =
      typeof request.headers.authorization === 'string' ? request.headers.authorization.trim() : ''
    // No bearer credentials at all: a guest. Another scheme (e.g. Basic added by a proxy) carries no token either.
    if (!/^Bearer(\s|$)/i.test(header)) {
      request.user = null
      return null
    }
    // A bearer token that is malformed, unknown, expired, revoked or of a deactivated account is refused on every
    // route, including those where signing in is optional: the caller meant to act as someone, so it must not
    // silently become a guest (e.g. an anonymous order).
    const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header)
    if (!match) throw new AppError('UNAUTHENTICATED', 401)
    const [row] = await app.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        tokenId: apiTokens.id,
        lastUsedAt: apiTokens.lastUsedAt,
        staffRoleKey: staffRoles.key,
        staffRolePermissions: staffRoles.permissions,
      })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .leftJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
      .where(
        and(
          eq(apiTokens.tokenHash, hashToken(match[1]!)),
          gt(apiTokens.expiresAt, sql`now()`),
          eq(users.isActive, true),
        ),
      )
      .limit(1)
    if (!row) throw new AppError('UNAUTHENTICATED', 401)
    if (Date.now() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      await app.db.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, row.tokenId))
    }
    const staffRole =
      row.staffRolePermissions === null
        ? null
        : { key: row.staffRoleKey, permissions: row.staffRolePermissions }
    request.user = {
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.role,
      tokenId: row.tokenId,
      permissions: permissionsOf(row.role, staffRole),
    }
    return request.user
  })

  const signedIn = async (request: FastifyRequest) => {
    const user = await app.resolveUser(request)
    if (!user) throw new AppError('UNAUTHENTICATED', 401)
    return user
  }

  app.decorate('guards', {
    optionalUser: async (request: FastifyRequest) => {
      await app.resolveUser(request)
    },
    signedIn: async (request: FastifyRequest) => {
      await signedIn(request)
    },
    can: (permission: Permission) => async (request: FastifyRequest) => {
      const user = await signedIn(request)
      if (!hasPermission(user, permission)) throw new AppError('FORBIDDEN', 403)
    },
    staff: async (request: FastifyRequest) => {
      const user = await signedIn(request)
      if (!isStaff(user)) throw new AppError('FORBIDDEN', 403)
    },
  })

  // Decision 0190: the route's declared access becomes its first onRequest hook, so a route cannot declare one thing
  // and guard another, and a guest or a caller without the permission is refused before the body is read.
  const guardOf = new Map<RouteAccess, onRequestHookHandler>()
  const guardFor = (access: RouteAccess): onRequestHookHandler | null => {
    if (access === 'public') return null
    if (typeof access === 'object')
      return (async (request: FastifyRequest) => {
        const user = await signedIn(request)
        if (!access.anyOf.some((p) => hasPermission(user, p))) throw new AppError('FORBIDDEN', 403)
      }) as unknown as onRequestHookHandler
    let guard = guardOf.get(access)
    if (!guard) {
      const check =
        access === 'signed_in'
          ? app.guards.signedIn
          : access === 'staff'
            ? app.guards.staff
            : app.guards.can(access)
      guard = check as unknown as onRequestHookHandler
      guardOf.set(access, guard)
    }
    return guard
  }
  app.addHook('onRoute', (route: RouteOptions) => {
    const access: unknown = route.config?.access
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (access === undefined) {
      if (!route.url.startsWith('/api') || IMPLICITLY_PUBLIC.some((p) => route.url.startsWith(p))) return
      throw new Error(
        `${methods.join(',')} ${route.url} declares no access: add config: { access: 'public' | 'signed_in' | <permission> } (decision 0190)`,
      )
    }
    if (!isRouteAccess(access))
      throw new Error(`${methods.join(',')} ${route.url}: unknown access ${JSON.stringify(access)}`)
    const guard = guardFor(access)
    if (!guard) return
    const own =
      route.onRequest === undefined
        ? []
        : Array.isArray(route.onRequest)
          ? route.onRequest
          : [route.onRequest]
    route.onRequest = [guard, ...own]
  })

  const actorOfUser = (user: AuthUser | null | undefined, ip: string | null): Actor => {
    if (!user) return { kind: 'guest', ip }
    if (isStaff(user))
      return { kind: 'staff', userId: user.id, name: user.name, ip, permissions: user.permissions }
    return { kind: 'shopper', userId: user.id, name: user.name, ip }
  }

  app.decorate('actorOf', (request: FastifyRequest): Actor => {
    const known = actors.get(request)
    if (known) return known
    const actor = actorOfUser(request.user, request.ip ?? null)
    // Kept once the user is resolved (before, the request may still turn out to be someone's).
    if (request.user !== undefined) actors.set(request, actor)
    return actor
  })
}

export const authPlugin = fp(authPluginImpl, { name: 'authPlugin' })
