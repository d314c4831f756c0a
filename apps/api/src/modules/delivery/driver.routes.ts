import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { Courier, Shipment, ShipmentOutcome } from '@shop/shared/schemas/delivery'
import { AppError } from '../../lib/app-error.ts'
import { DRIVER_SCRIPT, driverPage } from './driver-page.ts'
import { driverOutcome, driverShipments } from './driver.service.ts'

const tokenParam = z.object({ token: z.string().max(200) })
const tags = ['delivery']

/** docs/api.md "Delivery": the driver's link (its token is the only key; no account). */
export const driverApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/driver/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The driver link's courier and its shipments on the road (401 when revoked or expired)",
        params: tokenParam,
        response: {
          200: z.object({
            courier: Courier.pick({ id: true, name: true, kind: true }),
            shipments: z.array(Shipment),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return driverShipments(app.db, request.params.token, request.lang)
    },
  )
  app.patch(
    '/driver/:token/shipments/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "An outcome from the driver's page: only that courier's shipments (another's 404), never a settled one",
        params: tokenParam.extend({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: ShipmentOutcome,
        response: { 200: Shipment },
      },
    },
    async (request) =>
      driverOutcome(app.db, request.params.token, request.params.id, request.body, request.ip, request.lang),
  )
}

/** The driver's phone page and its script, outside /api (decision 0237). */
export const driverPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/driver-page.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(DRIVER_SCRIPT),
  )
  app.get(
    '/driver/:token',
    {
      schema: {
        hide: true,
        params: tokenParam,
        querystring: z.object({ lang: z.enum(['ar', 'en']).optional().catch(undefined) }),
      },
    },
    async (request, reply) => {
      const lang = request.query.lang ?? request.lang
      let data = null
      try {
        data = await driverShipments(app.db, request.params.token, lang)
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'DRIVER_LINK_INVALID') throw err
      }
      return reply
        .code(data ? 200 : 401)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(driverPage(lang, data, `/driver/${request.params.token}`))
    },
  )
}
