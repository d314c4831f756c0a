import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idParam, paginated } from '@shop/shared/schemas/common'
import { Order, OrderExportQuery, OrderListQuery, UpdateOrderInput } from '@shop/shared/schemas/order'
import { updateOrder } from './order-update.ts'
import { exportFileName, exportOrdersCsv } from './orders-export.ts'
import { getOrder, listOrders } from './orders.service.ts'

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      preValidation: app.guards.signedIn,
      schema: {
        tags: ['orders'],
        summary: "Staff: every order with search and filters. Shopper: only the shopper's own orders",
        security: [{ bearer: [] }],
        querystring: OrderListQuery,
        response: { 200: paginated(Order) },
      },
    },
    async (request) => listOrders(app.db, request.user!, request.query, request.lang),
  )

  app.get(
    '/orders/export/csv',
    {
      preValidation: app.guards.admin,
      schema: {
        tags: ['orders'],
        summary: 'Sales CSV (UTF-8 with BOM, formula-safe)',
        security: [{ bearer: [] }],
        querystring: OrderExportQuery,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const csv = await exportOrdersCsv(app.db, request.query)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(request.query)}"`)
        .header('cache-control', 'no-store')
        .send(csv)
    },
  )

  app.get(
    '/orders/:id',
    {
      preValidation: app.guards.signedIn,
      schema: { tags: ['orders'], summary: 'One order with its status history (owner or staff)', security: [{ bearer: [] }], params: idParam, response: { 200: Order } },
    },
    async (request) => getOrder(app.db, request.user!, request.params.id, request.lang),
  )

  app.put(
    '/orders/:id',
    {
      preValidation: app.guards.admin,
      schema: {
        tags: ['orders'],
        summary: 'Edit an order; status changes are kept in the history, cancelling restocks once',
        security: [{ bearer: [] }],
        params: idParam,
        body: UpdateOrderInput,
        response: { 200: Order },
      },
    },
    async (request) => updateOrder(app.db, request.user!.id, request.params.id, request.body, request.lang),
  )
}
