import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DateRangeQuery } from '@shop/shared/schemas/common'
import { SalesResponse } from '@shop/shared/schemas/dashboard'
import { salesReport } from './sales.service.ts'

export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sales',
    {
      preValidation: app.guards.admin,
      schema: {
        tags: ['sales'],
        summary: 'Completed orders in a range with their profit, and totals',
        security: [{ bearer: [] }],
        querystring: DateRangeQuery,
        response: { 200: SalesResponse },
      },
    },
    async (request) => salesReport(app.db, request.query),
  )
}
