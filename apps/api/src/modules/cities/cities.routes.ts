import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { City, CityInput, CityListQuery, CityStatusInput } from '@shop/shared/schemas/city'
import { idParam, paginated } from '@shop/shared/schemas/common'
import { isStaff } from '../../plugins/auth.ts'
import { addEtags, setCatalogCache } from '../../lib/http-cache.ts'
import {
  activeCities,
  adminCities,
  createCity,
  deleteCity,
  setCityStatus,
  updateCity,
} from './cities.service.ts'

const CityList = paginated(City)

export const citiesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The checkout's city list may be cached briefly (ETag + 304; performance.md, public GETs cacheable); the server
  // prices delivery anyway.
  addEtags(app)

  app.get(
    '/cities',
    {
      config: { access: 'public' },
      preValidation: app.guards.optionalUser,
      schema: {
        tags: ['cities'],
        summary: 'Active cities (public) or the searchable admin list',
        querystring: CityListQuery,
        response: { 200: CityList },
      },
    },
    async (request, reply) => {
      setCatalogCache(request, reply)
      const { active, ...q } = request.query
      const activeOnly = active === 'true' || active === '1'
      const staff = isStaff(request.user)
      if (!staff || activeOnly) return activeCities(app.db, request.lang, staff)
      return adminCities(app.db, { ...q, active: active === undefined ? undefined : false }, request.lang)
    },
  )

  app.post(
    '/cities',
    {
      config: { access: 'delivery.manage' },
      schema: { tags: ['cities'], summary: 'Add a delivery city', body: CityInput, response: { 201: City } },
    },
    async (request, reply) =>
      reply.code(201).send(await createCity(app.db, app.actorOf(request), request.body, request.lang)),
  )

  app.put(
    '/cities/:id',
    {
      config: { access: 'delivery.manage' },
      schema: {
        tags: ['cities'],
        summary: 'Edit a delivery city',
        params: idParam,
        body: CityInput,
        response: { 200: City },
      },
    },
    async (request) =>
      updateCity(app.db, app.actorOf(request), request.params.id, request.body, request.lang),
  )

  app.patch(
    '/cities/:id/status',
    {
      config: { access: 'delivery.manage' },
      schema: {
        tags: ['cities'],
        summary: 'Activate or deactivate a city',
        params: idParam,
        body: CityStatusInput,
        response: { 200: City },
      },
    },
    async (request) =>
      setCityStatus(app.db, app.actorOf(request), request.params.id, request.body.is_active, request.lang),
  )

  app.delete(
    '/cities/:id',
    {
      config: { access: 'delivery.manage' },
      schema: {
        tags: ['cities'],
        summary: 'Delete a city (orders keep its name)',
        params: idParam,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteCity(app.db, app.actorOf(request), request.params.id)
      return reply.code(204).send(null)
    },
  )
}
