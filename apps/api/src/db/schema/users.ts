import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns.ts'
import { staffRoles } from './team.ts'

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin', 'super_admin'] })
      .notNull()
      .default('user'),
    isActive: boolean('is_active').notNull().default(true),
    /** Decision 0123: still the README's default password (the first admin seeded without ADMIN_PASSWORD). */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * Issue 30 (decision 0190): a staff member's role, whose permissions they have. Null for a shopper; a
     * super_admin is always the owner whatever this says.
     */
    staffRoleId: integer('staff_role_id').references(() => staffRoles.id, { onDelete: 'restrict' }),
    /** Decision 0225: seeded as the demo shop's; the owner's "remove demo data" removes it. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role, t.createdAt),
    index('users_created_at_idx').on(t.createdAt),
  ],
)

/** product.md §3.1: random tokens stored only as SHA-256 hashes, with created / last-used / expiry. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('api_tokens_hash_unique').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId)],
)

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    /** `reset` (forgot password) or `invitation` (a staff member invited by the owner sets their first password). */
    purpose: text('purpose', { enum: ['reset', 'invitation'] })
      .notNull()
      .default('reset'),
  },
  (t) => [
    uniqueIndex('password_resets_hash_unique').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
)

/** Failed sign-ins, kept in the database so every API process sees the same counters. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
)

/**
 * One row per request a per-client limit counts (decision 0091): orders per IP, phone and email, wallet codes per number
 * and IP, registrations per IP, tracking misses per IP and per order number + phone (decision 0095). A request inserts its rows first and then counts them, so parallel requests and
 * several API processes cannot slip past a limit; a refused request takes its rows back. `ref` makes a retry of the
 * same thing (an order's Idempotency-Key) count once.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: serial('id').primaryKey(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    ref: text('ref'),
    createdAt: createdAt(),
  },
  (t) => [
    index('rate_limit_hits_key_idx').on(t.scope, t.key, t.createdAt),
    uniqueIndex('rate_limit_hits_ref_unique')
      .on(t.scope, t.key, t.ref)
      .where(sql`${t.ref} IS NOT NULL`),
    index('rate_limit_hits_created_idx').on(t.createdAt),
  ],
)
