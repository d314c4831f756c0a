import { sql } from 'drizzle-orm'
import { check, integer, jsonb, pgTable } from 'drizzle-orm/pg-core'
import type { StorefrontContent } from '@shop/shared/schemas/content'
import { updatedAt } from './columns.ts'

/**
 * The storefront's content (decision 0125): one row (id 1) holding the whole document the owner edits in the dashboard.
 * No row: a shop whose content was never written (EMPTY_CONTENT).
 */
export const shopContent = pgTable(
  'shop_content',
  {
    id: integer('id').primaryKey().default(1),
    document: jsonb('document').$type<StorefrontContent>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('shop_content_one_row', sql`${t.id} = 1`)],
)
