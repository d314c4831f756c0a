import { z } from 'zod'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBody } from '@shop/shared/errors'
import { ImportMissingColumns, ImportResult, ImportTooManyRows } from '@shop/shared/schemas/imports'
import { readMultipart } from '../../lib/multipart.ts'
import type { Actor } from '../../domain/actor.ts'
import { recordAudit } from '../../domain/audit.ts'
import { hasPermission } from '../../plugins/auth.ts'
import type { Db } from '../../db/client.ts'
import { citiesSampleCsv, importCities } from './cities-import.ts'
import { decodeCsvUpload } from '../../lib/csv.ts'
import { exportProductsCsv } from './products-export.ts'
import { importProducts, productsSampleCsv } from './products-import.ts'

const security = [{ bearer: [] }]
const guardErrors = { 401: ErrorBody, 403: ErrorBody }
const importResponses = {
  200: ImportResult,
  ...guardErrors,
  413: ErrorBody,
  415: ErrorBody,
  422: z.union([ImportMissingColumns, ImportTooManyRows, ErrorBody]),
}

function sendCsv(reply: FastifyReply, filename: string, body: Buffer) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename=${filename}`)
    .header('cache-control', 'private, no-store')
    .send(body)
}

async function readCsvUpload(request: FastifyRequest): Promise<string> {
  const { files } = await readMultipart(request)
  return decodeCsvUpload(files.find((f) => f.field === 'file'))
}

/**
 * Decision 0192: one trail row per import: what it created and updated (ids) and how many rows it refused. Written
 * when the import has finished (a products import writes in several transactions, decision 0115).
 */
async function auditImport(
  db: Db,
  actor: Actor,
  kind: 'products' | 'cities',
  result: ImportResult,
): Promise<ImportResult> {
  const { created, updated, errors, items } = result.summary
  await recordAudit(db, actor, {
    action: `${kind}.imported`,
    entity: 'import',
    entityId: kind,
    after: {
      created,
      updated,
      errors: errors.length,
      created_ids: items.filter((i) => i.action === 'created').map((i) => i.id),
      updated_ids: [...new Set(items.filter((i) => i.action === 'updated').map((i) => i.id))],
    },
  })
  return result
}

export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/import/sample',
    {
      config: { access: 'imports.manage' },
      schema: {
        tags: ['imports'],
        summary: 'Sample products CSV (UTF-8 with BOM)',
        security,
        produces: ['text/csv'],
        response: guardErrors,
      },
    },
    async (_request, reply) => sendCsv(reply, 'products_sample.csv', productsSampleCsv()),
  )

  app.get(
    '/products/export/csv',
    {
      config: { access: 'imports.manage' },
      schema: {
        tags: ['imports'],
        summary:
          'Products CSV in the import format, one row per size (UTF-8 with BOM, formula-safe), streamed (decision 0158)',
        security,
        produces: ['text/csv'],
        // A stream of text/csv, not serialized by a schema.
        response: { 200: z.unknown().describe('text/csv; charset=utf-8'), ...guardErrors },
      },
    },
    async (request, reply) => {
      const csv = await exportProductsCsv(app.db, hasPermission(request.user, 'costs.view'))
      // The buying prices of the whole catalogue leave the shop: a sensitive read (decision 0192).
      await recordAudit(app.db, app.actorOf(request), { action: 'products.exported', entity: 'product' })
      // A failure after the first batch can only cut the download short: log it (the client sees a broken file).
      csv.on('error', (error) => request.log.error({ err: error }, 'products export stopped'))
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename=products.csv')
        .header('cache-control', 'private, no-store')
        .send(csv)
    },
  )

  app.get(
    '/cities/import/sample',
    {
      config: { access: 'delivery.manage' },
      schema: {
        tags: ['imports'],
        summary: 'Sample cities CSV (UTF-8 with BOM)',
        security,
        produces: ['text/csv'],
        response: guardErrors,
      },
    },
    async (_request, reply) => sendCsv(reply, 'cities_sample.csv', citiesSampleCsv()),
  )

  app.post(
    '/products/import',
    {
      config: { access: 'imports.manage' },
      schema: {
        tags: ['imports'],
        summary: 'Import products from a CSV file (multipart field `file`)',
        security,
        consumes: ['multipart/form-data'],
        response: importResponses,
      },
    },
    async (request) => {
      const result = await importProducts(
        app.db,
        app.actorOf(request),
        await readCsvUpload(request),
        request.t.bind(request),
        { allowPrivateImageHosts: app.config.IMPORT_IMAGE_PRIVATE_HOSTS === 'allow' },
      )
      return auditImport(app.db, app.actorOf(request), 'products', result)
    },
  )

  app.post(
    '/cities/import',
    {
      config: { access: 'delivery.manage' },
      schema: {
        tags: ['imports'],
        summary: 'Import delivery cities from a CSV file (multipart field `file`)',
        security,
        consumes: ['multipart/form-data'],
        response: importResponses,
      },
    },
    async (request) => {
      const result = await importCities(app.db, await readCsvUpload(request), request.t.bind(request))
      return auditImport(app.db, app.actorOf(request), 'cities', result)
    },
  )
}
