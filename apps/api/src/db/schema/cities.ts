import { sql } from 'drizzle-orm'
import { boolean, index, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { Translations } from '@shop/shared/i18n/content'
import { createdAt, money, updatedAt } from './columns.ts'

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    deliveryPrice: money('delivery_price').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Decision 0071: whether cash on delivery is offered for this city. */
    codAllowed: boolean('cod_allowed').notNull().default(true),
    /** Decision 0071: the largest order total (delivery included) that may be paid in cash here; null = no limit. */
    codMaxTotal: money('cod_max_total'),
    /** Decision 0055: the name in the languages other than Arabic (`name` is Arabic). */
    translations: jsonb('translations').$type<Translations<'name'>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cities_name_unique').on(sql`lower(${t.name})`),
    uniqueIndex('cities_name_en_unique').on(sql`lower(${t.translations} -> 'en' ->> 'name')`),
    index('cities_active_idx').on(t.isActive, t.name),
  ],
)
