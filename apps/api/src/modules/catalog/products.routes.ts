import { z } from 'zod'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBody, StockErrorBody } from '@shop/shared/errors'
import { idParam } from '@shop/shared/schemas/common'
import {
  Product,
  ProductList,
  ProductListQuery,
  ProductSuggestions,
  ProductSuggestQuery,
  ProductStatusInput,
  ProductStockInput,
} from '@shop/shared/schemas/product'
import { acceptsGzip } from '../../lib/http-encoding.ts'
import { readMultipart } from '../../lib/multipart.ts'
import { isStaff } from '../../plugins/auth.ts'
import { viewOf } from '../../domain/viewer.ts'
import { addEtags, etagMatches, setCatalogCache } from '../../lib/http-cache.ts'
import {
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  setProductStatus,
  setProductStock,
  updateProduct,
} from './products.service.ts'

const security = [{ bearer: [] }]
const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: StockErrorBody, 422: ErrorBody }
const uploadErrors = { ...errors, 413: ErrorBody, 415: ErrorBody }
/** Documented only: the handler reads JSON or multipart (ProductInput fields + `image` file) itself. */
const productForm = z
  .record(z.string(), z.unknown())
  .describe('ProductInput fields; multipart/form-data may add an `image` file')

/** Form fields and the optional image of a JSON or multipart request (multipart with an image, product.md §7.2). */
async function readProductForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; image?: Buffer }> {
  if (!request.isMultipart()) {
    const body = request.body
    return {
      fields:
        body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {},
    }
  }
  const { fields, files } = await readMultipart(request)
  const { _method: _ignored, ...rest } = fields
  return { fields: rest, image: files.find((f) => f.field === 'image')?.data }
}

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  addEtags(app)
  // Shared with the server-rendered storefront pages (app.ts, decision 0019).
  const publicLists = app.publicProductLists

  app.get(
    '/products',
    {
      config: { access: 'public' },
      onRequest: app.guards.optionalUser,
      schema: {
        tags: ['products'],
        summary: 'Product list (public: active only; staff: all, with buying prices given costs.view)',
        querystring: ProductListQuery,
        response: {
          200: ProductList,
          304: z.void().describe('Not modified (If-None-Match)'),
          422: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      setCatalogCache(request, reply)
      if (isStaff(request.user))
        return listProducts(app.db, request.query, viewOf(true, request.user!.permissions), request.lang)
      // Decision 0019: the storefront's lists come serialized from the per-version cache, sent without re-validation.
      const list = await publicLists.get(request.query, request.lang)
      reply.header('etag', list.etag).header('vary', 'Authorization, Accept-Language, Accept-Encoding')
      // Plain FastifyReply: these bytes already are the 200 schema's JSON, and a 304 has no body.
      const raw: FastifyReply = reply
      if (etagMatches(request, list.etag)) return raw.code(304).send()
      raw.type('application/json; charset=utf-8')
      const gzip = acceptsGzip(request) ? list.gzip() : null
      if (gzip) return raw.header('content-encoding', 'gzip').send(gzip)
      return raw.send(list.body)
    },
  )

  app.get(
    '/products/suggest',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: 'Suggestions while typing a search: up to 6 in-stock products and the matching categories',
        querystring: ProductSuggestQuery,
        response: {
          200: ProductSuggestions,
          304: z.void().describe('Not modified (If-None-Match)'),
          422: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      setCatalogCache(request, reply)
      const answer = await publicLists.suggest(request.query.q ?? '', request.lang)
      reply.header('etag', answer.etag).header('vary', 'Accept-Language, Accept-Encoding')
      const raw: FastifyReply = reply
      if (etagMatches(request, answer.etag)) return raw.code(304).send()
      raw.type('application/json; charset=utf-8')
      const gzip = acceptsGzip(request) ? answer.gzip() : null
      if (gzip) return raw.header('content-encoding', 'gzip').send(gzip)
      return raw.send(answer.body)
    },
  )

  app.get(
    '/products/:id',
    {
      config: { access: 'public' },
      onRequest: app.guards.optionalUser,
      schema: {
        tags: ['products'],
        summary: 'One product (inactive or archived: staff only)',
        params: idParam,
        response: { 200: Product, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      setCatalogCache(request, reply)
      const view = viewOf(isStaff(request.user), request.user?.permissions)
      return getProduct(app.db, request.params.id, view, request.lang)
    },
  )

  app.post(
    '/products',
    {
      config: { access: 'products.manage' },
      schema: {
        tags: ['products'],
        summary: 'Create a product (multipart with optional image, or JSON)',
        security,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: Product, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const { fields, image } = await readProductForm(request)
      return reply
        .code(201)
        .send(await createProduct(app.db, app.actorOf(request), fields, request.lang, image))
    },
  )

  app.put(
    '/products/:id',
    {
      config: { access: 'products.manage' },
      schema: {
        tags: ['products'],
        summary: 'Update a product (JSON; absent fields keep their value)',
        security,
        params: idParam,
        body: productForm,
        response: { 200: Product, ...errors },
      },
    },
    async (request) =>
      updateProduct(app.db, app.actorOf(request), request.params.id, request.body, request.lang),
  )

  app.post(
    '/products/:id',
    {
      config: { access: 'products.manage' },
      schema: {
        tags: ['products'],
        summary: 'Update a product with a new image (multipart, `_method=PUT`)',
        security,
        params: idParam,
        consumes: ['multipart/form-data'],
        response: { 200: Product, ...uploadErrors },
      },
    },
    async (request) => {
      const { fields, image } = await readProductForm(request)
      return updateProduct(app.db, app.actorOf(request), request.params.id, fields, request.lang, image)
    },
  )

  app.patch(
    '/products/:id/status',
    {
      config: { access: 'products.manage' },
      schema: {
        tags: ['products'],
        summary: 'Activate or deactivate a product',
        security,
        params: idParam,
        body: ProductStatusInput,
        response: { 200: Product, ...errors },
      },
    },
    async (request) =>
      setProductStatus(app.db, app.actorOf(request), request.params.id, request.body.is_active, request.lang),
  )

  app.patch(
    '/products/:id/stock',
    {
      config: { access: 'stock.manage' },
      schema: {
        tags: ['products'],
        summary: 'Set the stock count',
        security,
        params: idParam,
        body: ProductStockInput,
        response: { 200: Product, ...errors },
      },
    },
    async (request) =>
      setProductStock(
        app.db,
        app.actorOf(request),
        request.params.id,
        request.body.stock,
        request.lang,
        request.body.variant_id,
        request.body.stock_based_on,
      ),
  )

  app.delete(
    '/products/:id',
    {
      config: { access: 'products.manage' },
      schema: {
        tags: ['products'],
        summary: 'Delete a product (archived instead when it appears in orders)',
        security,
        params: idParam,
        response: { 204: z.void().describe('Deleted or archived'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteProduct(app.db, app.actorOf(request), request.params.id)
      return reply.code(204).send()
    },
  )
}
