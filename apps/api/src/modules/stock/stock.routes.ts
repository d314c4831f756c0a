import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBody, StockErrorBody } from '@shop/shared/errors'
import {
  StockMovement,
  StockMovementInput,
  StockMovementList,
  StockMovementQuery,
} from '@shop/shared/schemas/team'
import { adjustStock, listStockMovements } from './stock.service.ts'

// Issue 30: the stock ledger (docs/api.md "Stock movements", decision 0191). Staff with stock.manage.
const security = [{ bearer: [] }]
const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: StockErrorBody, 422: ErrorBody }

export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stock-movements',
    {
      config: { access: 'stock.manage' },
      schema: {
        tags: ['stock'],
        summary:
          'The stock ledger: every change of a pack’s stock with its reason, actor and order, newest first',
        security,
        querystring: StockMovementQuery,
        response: { 200: StockMovementList, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return listStockMovements(app.db, request.query, request.lang)
    },
  )

  app.post(
    '/stock-movements',
    {
      config: { access: 'stock.manage' },
      schema: {
        tags: ['stock'],
        summary:
          'Adjust a pack’s stock by hand with a reason (received, returned, damaged, count correction)',
        security,
        body: StockMovementInput,
        response: { 201: StockMovement, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await adjustStock(app.db, app.actorOf(request), request.body, request.lang)),
  )
}
