import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { TrackCancelInput, TrackedOrder, TrackInput } from '@shop/shared/schemas/order'
import { cancelTracked, trackOrder } from './tracking.service.ts'

// Decision 0068: guest order tracking. POST, so that phones and tokens never sit in an address (logs, history).
export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/track',
    {
      config: { access: 'public' },
      schema: {
        tags: ['orders'],
        summary:
          "An order's status, items and totals by its number and phone, or by the mail link's token; one 404 for any wrong pair; 10 misses in 15 minutes → 429",
        body: TrackInput,
        response: { 200: TrackedOrder },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return trackOrder(app.db, request.body, request.ip, request.lang)
    },
  )

  app.post(
    '/track/cancel',
    {
      config: { access: 'public' },
      schema: {
        tags: ['orders'],
        summary:
          "Cancel a pending order with the mail link's token, or its number and phone, and a reason; stock goes back once; 409 after pending; wrong pairs 404 and count towards the 429 limit",
        body: TrackCancelInput,
        response: { 200: TrackedOrder },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return cancelTracked(app.db, request.body, request.ip, request.lang)
    },
  )
}
