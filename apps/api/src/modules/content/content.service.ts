import { and, eq, inArray, isNull } from 'drizzle-orm'
import { EMPTY_CONTENT, StorefrontContent } from '@shop/shared/schemas/content'
import type { DbOrTx } from '../../db/client.ts'
import { images, products } from '../../db/schema/catalog.ts'
import { shopContent } from '../../db/schema/content.ts'
import { AppError } from '../../lib/app-error.ts'
import type { Actor } from '../../domain/actor.ts'
import { recordAudit } from '../../domain/audit.ts'

/**
 * The storefront's content (decision 0125): the one document the owner edits. Read on every page that shows it (a
 * primary-key read), so a save shows on the next page load in every API process: there is no copy to invalidate.
 * A document written by an older version reads with the defaults of the fields it lacks; an unreadable one (hand
 * edited) reads as empty rather than failing the landing page.
 */
export async function getContent(db: DbOrTx): Promise<StorefrontContent> {
  const [row] = await db
    .select({ document: shopContent.document })
    .from(shopContent)
    .where(eq(shopContent.id, 1))
    .limit(1)
  if (!row) return EMPTY_CONTENT
  const parsed = StorefrontContent.safeParse(row.document)
  return parsed.success ? parsed.data : EMPTY_CONTENT
}

/** The pictures the document names must have been uploaded; the featured products must exist (archived: gone). */
async function checkReferences(db: DbOrTx, content: StorefrontContent): Promise<void> {
  const fields: Record<string, string[]> = {}
  const pictures = [
    ['logo_image_id', content.logo_image_id],
    ['hero.image_id', content.hero.image_id],
  ] as const
  for (const [field, id] of pictures) {
    if (!id) continue
    const [found] = await db
      .select({ id: images.id })
      .from(images)
      .where(and(eq(images.id, id), eq(images.variant, 'large')))
      .limit(1)
    if (!found) fields[field] = ['validation.content_image_missing']
  }
  const ids = content.featured_product_ids
  if (ids.length) {
    const found = await db
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, ids), isNull(products.archivedAt)))
    const known = new Set(found.map((r) => r.id))
    ids.forEach((id, i) => {
      if (!known.has(id)) fields[`featured_product_ids.${i}`] = ['validation.content_product_missing']
    })
  }
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', 422, { fields })
}

/** Replaces the whole document (the dashboard sends the screen as it stands). */
export async function saveContent(
  db: DbOrTx,
  actor: Actor,
  content: StorefrontContent,
): Promise<StorefrontContent> {
  await checkReferences(db, content)
  await db.transaction(async (tx) => {
    const before = await getContent(tx)
    await tx
      .insert(shopContent)
      .values({ id: 1, document: content })
      .onConflictDoUpdate({ target: shopContent.id, set: { document: content, updatedAt: new Date() } })
    await recordAudit(tx, actor, {
      action: 'content.updated',
      entity: 'content',
      before: { ...before },
      after: { ...content },
    })
  })
  return content
}
