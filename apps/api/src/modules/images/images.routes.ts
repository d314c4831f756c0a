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
    .describe(
      'large.webp (800 px), small.webp (400 px), share.jpg (800 px JPEG for link previews) or icon.png (64 px PNG, a logo as favicon)',
    ),
})
const FILE = /^(large|small)\.webp$/
const SHARE = 'share.jpg'
const ICON = 'icon.png'

export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/images/:id/:file',
    {
      config: { access: 'public' },
      schema: {
        tags: ['images'],
        summary: 'A stored product image as WebP (immutable: the id is a content hash)',
        params: ImageParams,
      },
    },
    async (request, reply) => {
      const share = request.params.file === SHARE
      const icon = request.params.file === ICON
      const variant = share
        ? 'large'
        : icon
          ? 'small'
          : (FILE.exec(request.params.file)?.[1] as 'large' | 'small' | undefined)
      if (!variant || !/^[a-f0-9]{8,64}$/.test(request.params.id)) throw notFound()
      const [row] = await app.db
        .select({ data: images.data })
        .from(images)
        .where(and(eq(images.id, request.params.id), eq(images.variant, variant)))
        .limit(1)
      if (!row) throw notFound()
      if (icon) {
        // A favicon (decision 0126): browsers read PNG everywhere; the uploaded logo fitted into 64×64.
        const png = await sharp(row.data)
          .resize(64, 64, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
          .png()
          .toBuffer()
        return reply
          .type('image/png')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(png)
      }
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
