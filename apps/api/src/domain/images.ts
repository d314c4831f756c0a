import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import sharp, { type OutputInfo } from 'sharp'
import type { DbOrTx } from '../db/client.ts'
import { images } from '../db/schema/catalog.ts'
import { AppError } from '../lib/app-error.ts'

export const IMAGE_VARIANTS = { large: 800, small: 400 } as const
export type ImageVariant = keyof typeof IMAGE_VARIANTS

/** Raster formats accepted from uploads, judged by content (sharp's decoder), never by name or header. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'])

export const imageUrl = (id: string | null, variant: ImageVariant = 'large') =>
  id ? `/api/images/${id}/${variant}.webp` : null

/**
 * Validates and re-encodes an image to WebP in the sizes the storefront needs, stores it in the
 * database (so every API process can serve it) and returns its id. `trusted` allows SVG (seed art only).
 */
/** 40 megapixels: larger inputs are refused before decoding (memory on a small server). */
const MAX_INPUT_PIXELS = 40_000_000

export async function storeImage(
  db: DbOrTx,
  input: Buffer,
  options: { trusted?: boolean } = {},
): Promise<string> {
  let format: string | undefined
  let pixels = 0
  try {
    // Reading the header decodes no pixels; the size is checked below, by name.
    const meta = await sharp(input, { limitInputPixels: false }).metadata()
    format = meta.format
    pixels = (meta.width ?? 0) * (meta.height ?? 0)
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, {
      messageKey: 'validation.image_invalid',
      fields: { image: ['validation.image_invalid'] },
    })
  }
  if (!format || (!ACCEPTED_FORMATS.has(format) && !(options.trusted && format === 'svg'))) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, {
      messageKey: 'validation.image_invalid',
      fields: { image: ['validation.image_invalid'] },
    })
  }
  // A real picture with too many pixels (a decompression bomb or a huge scan): say it is too big, not the wrong type.
  if (format !== 'svg' && pixels > MAX_INPUT_PIXELS) {
    throw new AppError('PAYLOAD_TOO_LARGE', 413, {
      messageKey: 'validation.image_too_many_pixels',
      fields: { image: ['validation.image_too_many_pixels'] },
    })
  }
  const id = createHash('sha256').update(input).digest('hex').slice(0, 32)
  const [existing] = await db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.id, id), eq(images.variant, 'large')))
    .limit(1)
  if (existing) return id
  for (const [variant, size] of Object.entries(IMAGE_VARIANTS) as [ImageVariant, number][]) {
    let out: { data: Buffer; info: OutputInfo }
    try {
      out = await sharp(input, {
        limitInputPixels: MAX_INPUT_PIXELS,
        density: format === 'svg' ? 144 : undefined,
      })
        .rotate()
        .resize(size, size, { fit: 'inside', withoutEnlargement: format !== 'svg' })
        .webp({ quality: variant === 'small' ? 72 : 80 })
        .toBuffer({ resolveWithObject: true })
    } catch {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, {
        messageKey: 'validation.image_invalid',
        fields: { image: ['validation.image_invalid'] },
      })
    }
    await db
      .insert(images)
      .values({ id, variant, width: out.info.width, height: out.info.height, data: out.data })
      .onConflictDoNothing()
  }
  return id
}
