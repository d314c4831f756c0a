import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParam } from '@shop/shared/schemas/common'
import {
  Courier,
  CourierBalance,
  CourierInput,
  CourierList,
  CourierUpdate,
  CreateShipmentsInput,
  DeliveryReport,
  DriverLink,
  settlementSchemaOf,
  SettlementResult,
  Shipment,
  ShipmentList,
  ShipmentsQuery,
  ShipmentUpdate,
} from '@shop/shared/schemas/delivery'
import { AppError } from '../../lib/app-error.ts'
import { decodeCsvUpload } from '../../lib/csv.ts'
import { readMultipart } from '../../lib/multipart.ts'
import { parseOrThrow } from '../../lib/validation.ts'
import {
  courierBalance,
  createCourier,
  createDriverLink,
  getCourier,
  listCouriers,
  revokeDriverLink,
  updateCourier,
} from './couriers.service.ts'
import { deliveryReport } from './delivery-report.ts'
import { deliverySheet, packingSlip, SheetQuery } from './prints.ts'
import { recordSettlement, recordSettlementFile } from './settlements.service.ts'
import { createShipments, getShipment, listShipments, updateShipment } from './shipments.service.ts'

const security = [{ bearer: [] }]
const tags = ['delivery']

/** docs/api.md "Delivery" (issue 42, decision 0237). */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = { config: { access: 'delivery.manage' as const } }

  // Issue 42: the accountant (settlements.manage) reads couriers and balances to record their cash.
  const read = { config: { access: { anyOf: ['delivery.manage', 'settlements.manage'] } as const } }

  app.get(
    '/couriers',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: "The shop's drivers and courier companies, active first",
        response: { 200: CourierList },
      },
    },
    async () => listCouriers(app.db),
  )
  app.post(
    '/couriers',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'A driver (kind driver) or a courier company (kind company)',
        body: CourierInput,
        response: { 201: Courier },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCourier(app.db, app.actorOf(request), request.body)),
  )
  app.get(
    '/couriers/:id',
    {
      ...manage,
      schema: { tags, security, summary: 'One courier', params: idParam, response: { 200: Courier } },
    },
    async (request) => getCourier(app.db, request.params.id),
  )
  app.patch(
    '/couriers/:id',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary:
          'Name, phone, tracking pattern, fee, is_active (a courier with shipments is switched off, never erased)',
        params: idParam,
        body: CourierUpdate,
        response: { 200: Courier },
      },
    },
    async (request) => updateCourier(app.db, app.actorOf(request), request.params.id, request.body),
  )
  app.post(
    '/couriers/:id/driver-link',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: "A new link to the driver's phone page (the old one stops working); shown this once",
        params: idParam,
        response: { 201: DriverLink },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createDriverLink(app.db, app.actorOf(request), request.params.id, app.appUrl)),
  )
  app.delete(
    '/couriers/:id/driver-link',
    { ...manage, schema: { tags, security, summary: "Ends the driver's link", params: idParam } },
    async (request, reply) => {
      await revokeDriverLink(app.db, app.actorOf(request), request.params.id)
      return reply.code(204).send()
    },
  )
  app.get(
    '/couriers/:id/balance',
    {
      ...read,
      schema: {
        tags,
        security,
        summary:
          'collected, fees, settled, outstanding = collected − fees − settled, and the deliveries not settled yet',
        params: idParam,
        response: { 200: CourierBalance },
      },
    },
    async (request) => courierBalance(app.db, request.params.id, request.lang),
  )
  app.get(
    '/couriers/:id/delivery-sheet',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary:
          "A printable sheet of the courier's open shipments of a day (HTML, with a QR code of each tracking link)",
        params: idParam,
        querystring: SheetQuery,
      },
    },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(await deliverySheet(app.db, app.appUrl, request.params.id, request.query, request.lang)),
  )

  app.post(
    '/shipments',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary:
          'Confirmed orders go out for delivery with one courier, all or none (409 ORDER_NOT_SHIPPABLE names the first that cannot)',
        body: CreateShipmentsInput,
        response: { 201: z.object({ data: z.array(Shipment) }) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await createShipments(app.db, app.actorOf(request), request.body, request.lang) }),
  )
  app.get(
    '/shipments',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'Shipments, newest first',
        querystring: ShipmentsQuery,
        response: { 200: ShipmentList },
      },
    },
    async (request) => listShipments(app.db, request.query, request.lang),
  )
  app.get(
    '/shipments/:id',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'One shipment with its history',
        params: idParam,
        response: { 200: Shipment },
      },
    },
    async (request) => getShipment(app.db, request.params.id, request.lang),
  )
  app.patch(
    '/shipments/:id',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary:
          'An outcome (delivered, refused, failed_attempt, returned) or a correction of the fee or tracking number',
        params: idParam,
        body: ShipmentUpdate,
        response: { 200: Shipment },
      },
    },
    async (request) =>
      updateShipment(app.db, app.actorOf(request), request.params.id, request.body, request.lang),
  )
  app.get(
    '/orders/:id/packing-slip',
    {
      config: { access: 'orders.view' },
      schema: { tags, security, summary: "An order's packing slip to print (HTML)", params: idParam },
    },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(await packingSlip(app.db, app.appUrl, request.params.id, request.lang)),
  )

  app.post(
    '/settlements',
    {
      config: { access: 'settlements.manage' },
      schema: {
        tags,
        security,
        summary:
          "A courier's settlement: JSON lines, a CSV file (multipart: courier_id, file), or an own driver's hand-over { courier_id, amount, shipment_ids }",
        response: { 201: SettlementResult },
      },
    },
    async (request, reply) => {
      const actor = app.actorOf(request)
      if (request.isMultipart()) {
        const { fields, files } = await readMultipart(request)
        const courierId = Number(fields.courier_id)
        if (!Number.isInteger(courierId) || courierId <= 0)
          throw new AppError('VALIDATION_FAILED', 422, { fields: { courier_id: ['validation.id_invalid'] } })
        const text = decodeCsvUpload(files.find((f) => f.field === 'file'))
        return reply.code(201).send(await recordSettlementFile(app.db, actor, courierId, text, request.lang))
      }
      // Answered field by field for the body it was meant to be (lines, or a hand-over), not "matches neither".
      const input = parseOrThrow(settlementSchemaOf(request.body), request.body)
      return reply.code(201).send(await recordSettlement(app.db, actor, input, request.lang))
    },
  )

  app.get(
    '/reports/delivery',
    {
      config: { access: 'stats.view' },
      schema: {
        tags,
        security,
        summary:
          'Cash outstanding per courier and its age; refusal rates by city and courier; delivery fees charged against courier fees',
        response: { 200: DeliveryReport },
      },
    },
    async () => deliveryReport(app.db),
  )
}
