import { recordAudit } from '../../domain/audit.ts'
import { hasPermission } from '../../plugins/auth.ts'
import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idParam } from '@shop/shared/schemas/common'
import {
  CancelOrderInput,
  EditOrderItemsInput,
  NewTrackingLink,
  Order,
  OrderExportQuery,
  OrderList,
  OrderListQuery,
  UpdateOrderInput,
} from '@shop/shared/schemas/order'
import { cancelMyOrder, confirmByPhone, refusedAtDoor, renewTrackingLink } from './order-actions.ts'
import { editOrderItems } from './order-edit.ts'
import { updateOrder } from './order-update.ts'
import { exportFileName, exportedOrderCount, exportOrdersCsv } from './orders-export.ts'
import { getOrder, listOrders } from './orders.service.ts'

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      config: { access: 'signed_in' },
      schema: {
        tags: ['orders'],
        summary:
          "Staff: every order with search and filters, and the totals of all that match (the sales report: status=completed&from&to). Shopper: only the shopper's own orders",
        security: [{ bearer: [] }],
        querystring: OrderListQuery,
        response: { 200: OrderList },
      },
    },
    async (request) => listOrders(app.db, request.user!, request.query, request.lang),
  )

  app.get(
    '/orders/export/csv',
    {
      config: { access: 'orders.export' },
      schema: {
        tags: ['orders'],
        summary: 'Sales CSV (UTF-8 with BOM, formula-safe), streamed newest first',
        security: [{ bearer: [] }],
        querystring: OrderExportQuery,
        // A stream of text/csv, not serialized by a schema.
        response: { 200: z.unknown().describe('text/csv; charset=utf-8') },
      },
    },
    async (request, reply) => {
      const costs = hasPermission(request.user, 'costs.view')
      const csv = await exportOrdersCsv(app.db, request.query, request.lang, costs)
      // Every matching customer's name and phone leave the shop: a sensitive read, audited (decision 0192).
      await recordAudit(app.db, app.actorOf(request), {
        action: 'orders.exported',
        entity: 'order',
        after: {
          from: request.query.from ?? null,
          to: request.query.to ?? null,
          status: request.query.status,
          rows: await exportedOrderCount(app.db, request.query),
        },
      })
      // A failure after the first batch can only cut the download short: log it (the client sees a broken file).
      csv.on('error', (error) => request.log.error({ err: error }, 'sales export stopped'))
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
      config: { access: 'signed_in' },
      schema: {
        tags: ['orders'],
        summary: 'One order with its status history (owner or staff)',
        security: [{ bearer: [] }],
        params: idParam,
        response: { 200: Order },
      },
    },
    async (request) => getOrder(app.db, request.user!, request.params.id, request.lang),
  )

  app.put(
    '/orders/:id',
    {
      config: { access: 'orders.process' },
      schema: {
        tags: ['orders'],
        summary: 'Edit an order; status changes are kept in the history, cancelling restocks once',
        security: [{ bearer: [] }],
        params: idParam,
        body: UpdateOrderInput,
        response: { 200: Order },
      },
    },
    async (request) =>
      updateOrder(app.db, app.actorOf(request), request.params.id, request.body, request.lang),
  )

  app.put(
    '/orders/:id/items',
    {
      config: { access: 'orders.edit' },
      schema: {
        tags: ['orders'],
        summary:
          'Staff: change a pending or processing order’s lines (quantities, removed, added) and delivery city; re-priced by the server, stock moved both ways, kept in the history, the shopper mailed the new total. 409 once completed or cancelled, or paid online (refund first)',
        security: [{ bearer: [] }],
        params: idParam,
        body: EditOrderItemsInput,
        response: { 200: Order },
      },
    },
    async (request) =>
      editOrderItems(app.db, app.actorOf(request), request.params.id, request.body, request.lang),
  )

  app.post(
    '/orders/:id/cancel',
    {
      config: { access: 'signed_in' },
      schema: {
        tags: ['orders'],
        summary:
          'The shopper cancels their own order while it is pending (a reason is required); stock goes back once; 409 after pending',
        security: [{ bearer: [] }],
        params: idParam,
        body: CancelOrderInput,
        response: { 200: Order },
      },
    },
    async (request) =>
      cancelMyOrder(app.db, app.actorOf(request), request.params.id, request.body.reason, request.lang),
  )

  app.post(
    '/orders/:id/confirm',
    {
      config: { access: 'orders.process' },
      schema: {
        tags: ['orders'],
        summary:
          'Staff: the customer confirmed the pending order by phone; it moves to processing and the shopper is mailed; 409 after pending',
        security: [{ bearer: [] }],
        params: idParam,
        response: { 200: Order },
      },
    },
    async (request) => confirmByPhone(app.db, app.actorOf(request), request.params.id, request.lang),
  )

  app.post(
    '/orders/:id/refused-at-door',
    {
      config: { access: 'orders.process' },
      schema: {
        tags: ['orders'],
        summary:
          'Staff: the customer refused the order at the door; a pending or processing order is cancelled, its stock and offer uses given back; 409 otherwise',
        security: [{ bearer: [] }],
        params: idParam,
        response: { 200: Order },
      },
    },
    async (request) => refusedAtDoor(app.db, app.actorOf(request), request.params.id, request.lang),
  )

  app.post(
    '/orders/:id/tracking-link',
    {
      config: { access: 'orders.process' },
      schema: {
        tags: ['orders'],
        summary:
          "Staff: a new tracking link for the order (decision 0105); the links mailed before stop opening it. Answers the new link, in the order's language",
        security: [{ bearer: [] }],
        params: idParam,
        response: { 200: NewTrackingLink },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const link = await renewTrackingLink(app.db, app.actorOf(request), request.params.id, app.appUrl)
      request.log.info({ order_id: request.params.id, by: request.user!.id }, 'tracking link renewed')
      return link
    },
  )
}
