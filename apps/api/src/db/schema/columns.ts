import { customType, numeric, timestamp } from 'drizzle-orm/pg-core'

/** numeric(12,2) read as a JS number (product.md §1.3: numeric in the database, numbers in JSON). */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' })

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
  toDriver: (v) => v,
})

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
