import { z } from 'zod'
import { and, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import sharp from 'sharp'
import { images } from '../../db/schema/catalog.ts'
import { notFound } from '../../lib/app-error.ts'

// Ids are made by storeImage (hex content hash); anything else cannot exist, so it is a 404, never a query.
const ImageParams = z.object({
  id: z.string().max(100).describe('Image id (hex)'),
  file: z
    .string()
    .max(100)
    .describe('large.webp (800 px), small.webp (400 px) or share.jpg (800 px JPEG for link previews)'),
})
const FILE = /^(large|small)\.webp$/
const SHARE = 'share.jpg'

export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/images/:id/:file',
    {
      schema: {
        tags: ['images'],
        summary: 'A stored product image as WebP (immutable: the id is a content hash)',
        params: ImageParams,
      },
    },
    async (request, reply) => {
      const share = request.params.file === SHARE
      const variant = share ? 'large' : (FILE.exec(request.params.file)?.[1] as 'large' | 'small' | undefined)
      if (!variant || !/^[a-f0-9]{8,64}$/.test(request.params.id)) throw notFound()
      const [row] = await app.db
        .select({ data: images.data })
        .from(images)
        .where(and(eq(images.id, request.params.id), eq(images.variant, variant)))
        .limit(1)
      if (!row) throw notFound()
      if (share) {
        // Link previews (WhatsApp, Facebook) read JPEG and PNG, not always WebP (decision 0033).
        const jpeg = await sharp(row.data)
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 82, mozjpeg: true })
          .toBuffer()
        return reply
          .type('image/jpeg')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(jpeg)
      }
      // ADR 2: one-year immutable cache; a new picture gets a new id.
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(row.data)
    },
  )
}
