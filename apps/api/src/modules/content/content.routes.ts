import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { StorefrontContent } from '@shop/shared/schemas/content'
import { storeImage } from '../../domain/images.ts'
import { AppError } from '../../lib/app-error.ts'
import { recordAudit } from '../../domain/audit.ts'
import { readMultipart } from '../../lib/multipart.ts'
import { getContent, saveContent } from './content.service.ts'

const security = [{ bearer: [] }]

/** Decision 0125: the storefront's content, edited by staff with the settings' permission (the storefront reads it in-process). */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/content',
    {
      config: { access: 'content.manage' },
      schema: {
        tags: ['content'],
        summary:
          'The storefront content (landing texts, hours, address, logo, featured products) in both languages',
        security,
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return getContent(app.db)
    },
  )

  app.put(
    '/content',
    {
      config: { access: 'content.manage' },
      schema: {
        tags: ['content'],
        summary: 'Replace the storefront content; the pages show it on their next load',
        security,
        body: StorefrontContent,
      },
    },
    async (request) => saveContent(app.db, app.actorOf(request), request.body),
  )

  app.post(
    '/content/images',
    {
      config: { access: 'content.manage' },
      schema: {
        tags: ['content'],
        summary:
          'Upload a picture for the content (logo, hero): multipart `image`; its id goes into PUT /content',
        security,
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ id: z.string(), url: z.string() }) },
      },
    },
    async (request, reply) => {
      const { files } = await readMultipart(request)
      const image = files.find((f) => f.field === 'image')
      if (!image) throw new AppError('VALIDATION_FAILED', 422, { fields: { image: ['validation.required'] } })
      const id = await storeImage(app.db, image.data)
      await recordAudit(app.db, app.actorOf(request), {
        action: 'content.image_uploaded',
        entity: 'content',
        after: { image_id: id },
      })
      return reply.code(201).send({ id, url: `/api/images/${id}/large.webp` })
    },
  )
}
