import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../lib/app-error.ts'

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['health'], summary: 'Liveness and database check' } }, async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`)
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 503)
    }
    reply.header('cache-control', 'no-store')
    return { status: 'ok', database: app.database.kind }
  })
}
