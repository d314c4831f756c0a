import fp from 'fastify-plugin'
import { and, eq, gt, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import type { Role } from '@shop/shared/schemas/auth'
import { apiTokens, users } from '../db/schema/users.ts'
import { AppError } from '../lib/app-error.ts'
import { hashToken } from '../lib/tokens.ts'

export interface AuthUser {
  id: number
  name: string
  email: string
  role: Role
  tokenId: number
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guards (undefined until resolved, null for a guest). */
    user: AuthUser | null | undefined
  }
  interface FastifyInstance {
    guards: {
      /** Resolves the bearer token if any: no token is a guest, a bad one is a 401. */
      optionalUser: preHandlerAsyncHookHandler
      signedIn: preHandlerAsyncHookHandler
      admin: preHandlerAsyncHookHandler
      superAdmin: preHandlerAsyncHookHandler
    }
    /** The bearer token's user, null without a bearer token; throws 401 UNAUTHENTICATED for a bad one. */
    resolveUser(request: FastifyRequest): Promise<AuthUser | null>
  }
}

export const isStaff = (user: AuthUser | null | undefined) =>
  user?.role === 'admin' || user?.role === 'super_admin'

const LAST_USED_RESOLUTION_MS = 5 * 60_000

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
      })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
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
    request.user = { id: row.id, name: row.name, email: row.email, role: row.role, tokenId: row.tokenId }
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
    admin: async (request: FastifyRequest) => {
      const user = await signedIn(request)
      if (!isStaff(user)) throw new AppError('FORBIDDEN', 403)
    },
    superAdmin: async (request: FastifyRequest) => {
      const user = await signedIn(request)
      if (user.role !== 'super_admin')
        throw new AppError('FORBIDDEN', 403, { messageKey: 'errors.SUPER_ADMIN_ONLY' })
    },
  })
}

export const authPlugin = fp(authPluginImpl, { name: 'authPlugin' })
