import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBody } from '@shop/shared/errors'
import { Category, CategoryInput, CategoryListQuery } from '@shop/shared/schemas/category'
import { idParam } from '@shop/shared/schemas/common'
import { isStaff } from '../../plugins/auth.ts'
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories.service.ts'
import { addEtags, setCatalogCache } from '../../lib/http-cache.ts'

const security = [{ bearer: [] }]
const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody }

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  addEtags(app)

  app.get(
    '/categories',
    {
      config: { access: 'public' },
      onRequest: app.guards.optionalUser,
      schema: {
        tags: ['categories'],
        summary: 'Categories with products_count (public: active only; staff: all, searchable)',
        querystring: CategoryListQuery,
        response: { 200: z.object({ data: z.array(Category) }), 422: ErrorBody },
      },
    },
    async (request, reply) => {
      setCatalogCache(request, reply)
      return { data: await listCategories(app.db, request.query, isStaff(request.user), request.lang) }
    },
  )

  app.post(
    '/categories',
    {
      config: { access: 'categories.manage' },
      schema: {
        tags: ['categories'],
        summary: 'Create a category (slug made from the name)',
        security,
        body: CategoryInput,
        response: { 201: Category, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCategory(app.db, app.actorOf(request), request.body, request.lang)),
  )

  app.put(
    '/categories/:id',
    {
      config: { access: 'categories.manage' },
      schema: {
        tags: ['categories'],
        summary: 'Update a category',
        security,
        params: idParam,
        body: CategoryInput,
        response: { 200: Category, ...errors },
      },
    },
    async (request) =>
      updateCategory(app.db, app.actorOf(request), request.params.id, request.body, request.lang),
  )

  app.delete(
    '/categories/:id',
    {
      config: { access: 'categories.manage' },
      schema: {
        tags: ['categories'],
        summary: 'Delete a category (409 CATEGORY_IN_USE while it has products)',
        security,
        params: idParam,
        response: { 204: z.void().describe('Deleted'), 409: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      await deleteCategory(app.db, app.actorOf(request), request.params.id)
      return reply.code(204).send()
    },
  )
}
