import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../lib/app-error.ts'
import { unsentMail } from '../../lib/mail-queue.ts'

const unavailable = () => new AppError('SERVICE_UNAVAILABLE', 503, { headers: { 'retry-after': '5' } })

// Decision 0042: both answer 503 with the shop's error body while the process starts or closes (plugins/graceful-close.ts).
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // For load balancers, every few seconds: one trivial statement.
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], summary: 'Liveness and database check (cheap: for load balancers)' },
    },
    async (_request, reply) => {
      try {
        await app.db.execute(sql`select 1`)
      } catch {
        throw unavailable()
      }
      reply.header('cache-control', 'no-store')
      return { status: 'ok', database: app.database.kind }
    },
  )

  // For people and deploy scripts: the database with its answer time, and the mail queue.
  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary:
          'Readiness: database answer time and the mail queue; 503 while starting, closing or without a database',
      },
    },
    async (_request, reply) => {
      const started = performance.now()
      let answeredInMs: number
      let mail
      try {
        await app.db.execute(sql`select 1`)
        answeredInMs = Math.round((performance.now() - started) * 10) / 10
        mail = await unsentMail(app.db)
      } catch {
        throw unavailable()
      }
      reply.header('cache-control', 'no-store')
      return {
        status: 'ready',
        database: { kind: app.database.kind, answered_in_ms: answeredInMs },
        mail: {
          // Without SMTP_URL mails stay in the outbox table: unsent by design, not stuck.
          delivery: app.config.SMTP_URL ? 'smtp' : 'outbox only',
          unsent: mail.unsent,
          failed: mail.failed,
          oldest_unsent_age_seconds: mail.oldestUnsentAgeSeconds,
        },
      }
    },
  )
}
