import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, money, updatedAt } from './columns.ts'

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    deliveryPrice: money('delivery_price').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('cities_name_unique').on(sql`lower(${t.name})`), index('cities_active_idx').on(t.isActive, t.name)],
)
