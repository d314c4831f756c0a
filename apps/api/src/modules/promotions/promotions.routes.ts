import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBody } from '@shop/shared/errors'
import { idParam } from '@shop/shared/schemas/common'
import {
  Promotion,
  PromotionInput,
  PromotionList,
  PromotionListQuery,
  PromotionPatch,
} from '@shop/shared/schemas/promotion'
import {
  createPromotion,
  deletePromotion,
  getPromotion,
  listPromotions,
  updatePromotion,
} from './promotions.service.ts'

// Issue 29: the shop's offers (codes and automatic ones), staff only (docs/api.md "Offers (promotions)").
const security = [{ bearer: [] }]
const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody }

export const promotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/promotions',
    {
      config: { access: 'offers.manage' },
      schema: {
        tags: ['promotions'],
        summary: 'Offers, newest first, with their uses, discount given and revenue',
        security,
        querystring: PromotionListQuery,
        response: { 200: PromotionList, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return listPromotions(app.db, request.query, request.lang)
    },
  )

  app.get(
    '/promotions/:id',
    {
      config: { access: 'offers.manage' },
      schema: {
        tags: ['promotions'],
        summary: 'One offer',
        security,
        params: idParam,
        response: { 200: Promotion, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return getPromotion(app.db, request.params.id, request.lang)
    },
  )

  app.post(
    '/promotions',
    {
      config: { access: 'offers.manage' },
      schema: {
        tags: ['promotions'],
        summary: 'Create an offer (a code, or automatic when code is empty)',
        security,
        body: PromotionInput,
        response: { 201: Promotion, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPromotion(app.db, app.actorOf(request), request.body, request.lang)),
  )

  app.patch(
    '/promotions/:id',
    {
      config: { access: 'offers.manage' },
      schema: {
        tags: ['promotions'],
        summary: 'Change an offer: the given fields over the stored ones, checked as a whole',
        security,
        params: idParam,
        body: PromotionPatch,
        response: { 200: Promotion, ...errors },
      },
    },
    async (request) =>
      updatePromotion(
        app.db,
        app.actorOf(request),
        request.params.id,
        request.body as Record<string, unknown>,
        request.lang,
      ),
  )

  app.delete(
    '/promotions/:id',
    {
      config: { access: 'offers.manage' },
      schema: {
        tags: ['promotions'],
        summary: 'Erase an offer never used (204); a used one is deactivated and kept (200)',
        security,
        params: idParam,
        response: { 200: Promotion, 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const kept = await deletePromotion(app.db, app.actorOf(request), request.params.id, request.lang)
      if (kept) return reply.code(200).send(kept)
      return reply.code(204).send(null)
    },
  )
}
