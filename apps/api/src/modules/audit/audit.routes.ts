import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBody } from '@shop/shared/errors'
import { paginated } from '@shop/shared/schemas/common'
import { AuditEntry, AuditQuery } from '@shop/shared/schemas/team'
import { hasPermission } from '../../plugins/auth.ts'
import { listAudit } from './audit.service.ts'
import { startAuditPrune } from './retention.ts'

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  // Decision 0192: this process's share of pruning rows past the retention setting.
  let stopPrune = () => {}
  app.addHook('onReady', async () => {
    stopPrune = startAuditPrune(
      app.db,
      app.config.AUDIT_PRUNE_SECONDS,
      app.log,
      () => app.lifecycle.state === 'ready',
    )
  })
  app.addHook('onClose', async () => stopPrune())

  app.get(
    '/audit',
    {
      config: { access: 'audit.view' },
      schema: {
        tags: ['audit'],
        summary:
          'The audit trail, newest first: who did what to which entity, the fields before and after (audit.view)',
        security: [{ bearer: [] }],
        querystring: AuditQuery,
        response: { 200: paginated(AuditEntry), 401: ErrorBody, 403: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return listAudit(app.db, request.query, hasPermission(request.user, 'costs.view'), request.lang)
    },
  )
}
