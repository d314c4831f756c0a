import fp from 'fastify-plugin'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { translate } from '@shop/shared/i18n/messages'
import { isPermission } from '@shop/shared/permissions'
import { auditRowsOf } from '../domain/audit.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set for every staff write (decision 0192): a 2xx answer must have written an audit row. */
    auditedWrite?: boolean
  }
}

/** A staff route: its declared access is a permission (decision 0190's route config `access`). */
export function isStaffRoute(route: RouteOptions): boolean {
  return isPermission(route.config?.access)
}

export const routeName = (method: string, url: string) => `${method} ${url}`

/** Whether a route is a staff write the audit check covers: a staff route whose method is not GET (nor HEAD). */
export function isAuditedWrite(route: RouteOptions): boolean {
  const methods = [route.method].flat()
  if (methods.every((m) => m === 'GET' || m === 'HEAD' || m === 'OPTIONS')) return false
  return isStaffRoute(route)
}

/**
 * Decision 0192, the enforcement: where the check is on (tests), a staff write answered 2xx that wrote no audit row
 * for its request's actor fails loudly: 500 AUDIT_MISSING, the route in the log and in the message. So the API and
 * end-to-end suites prove that no staff write path lacks its row.
 */
async function auditCheckImpl(app: FastifyInstance, options: { enabled: boolean }) {
  if (!options.enabled) return
  app.addHook('onRoute', (route) => {
    if (isAuditedWrite(route)) route.config = { ...(route.config ?? {}), auditedWrite: true }
  })
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config?.auditedWrite) return payload
    if (reply.statusCode < 200 || reply.statusCode >= 300) return payload
    if (auditRowsOf(app.actorOf(request)) > 0) return payload
    const route = routeName(request.method, request.routeOptions.url ?? request.url)
    request.log.error({ route }, `AUDIT_MISSING: the staff write ${route} answered without an audit row`)
    reply.code(500).type('application/json; charset=utf-8')
    reply.removeHeader('content-length')
    return JSON.stringify({
      code: 'AUDIT_MISSING',
      message: `${translate('en', 'errors.AUDIT_MISSING')}: ${route}`,
    })
  })
}

export const auditCheckPlugin = fp(auditCheckImpl, { name: 'auditCheck', dependencies: ['authPlugin'] })
