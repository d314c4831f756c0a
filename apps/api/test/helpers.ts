import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import { acquireDatabase, releaseDatabase } from './database-pool.ts'
import { buildApp, type App, type BuildAppOptions } from '../src/app.ts'
import type { Database, Tx } from '../src/db/client.ts'
import { systemActor } from '../src/domain/actor.ts'
import { stockContext } from '../src/domain/stock.ts'
import { categories, products, productVariants, variantPriceTiers } from '../src/db/schema/catalog.ts'
import { defaultVariant, loadVariantsOf } from '../src/domain/sellable.ts'
import { eq, type SQL } from 'drizzle-orm'
import { cities } from '../src/db/schema/cities.ts'
import { apiTokens, users } from '../src/db/schema/users.ts'
import { staffRoles } from '../src/db/schema/team.ts'
import type { BuiltInRole, Permission } from '@shop/shared/permissions'
import { hashPassword } from '../src/lib/passwords.ts'
import { hashToken, newToken } from '../src/lib/tokens.ts'

export interface TestContext {
  app: App
  database: Database
  close(): Promise<void>
}

/**
 * A database in the run's migrated template state (a worker's own, reset between files: test/database-pool.ts), and
 * on PostgreSQL its address (for files that start server processes on it).
 */
export async function openTestDatabase(): Promise<{
  database: Database
  drop: () => Promise<void>
  url?: string
}> {
  const { database, url } = await acquireDatabase()
  return { database, url, drop: async () => releaseDatabase(database) }
}

export async function createTestApp(options: Partial<BuildAppOptions> = {}): Promise<TestContext> {
  const { database, drop } = await openTestDatabase()
  const { env, ...rest } = options
  const app = await buildApp({
    database,
    env: { APP_URL: 'http://shop.test', PAYMENT_SWEEP_SECONDS: 0, ...env },
    webDist: '/nonexistent',
    // Most suites place many orders from one address and phone; the suites of decision 0091 turn the limits on.
    abuseLimits: false,
    ...rest,
  })
  return {
    app,
    database,
    close: async () => {
      await app.close()
      await drop()
    },
  }
}

let counter = 0
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`

export interface TestUser {
  id: number
  email: string
  password: string
  token: string
  headers: { authorization: string }
}

/** Inserts a user with a known password and a valid token. */
export async function createUser(
  app: App,
  role: 'user' | 'admin' | 'super_admin' = 'user',
  overrides: { email?: string; name?: string; password?: string } = {},
): Promise<TestUser> {
  const password = overrides.password ?? 'secret123'
  const email = overrides.email ?? `${role}-${unique()}@example.ly`
  const [user] = await app.db
    .insert(users)
    .values({
      name: overrides.name ?? `Test ${role}`,
      email,
      passwordHash: await hashPassword(password),
      role,
    })
    .returning({ id: users.id })
  const token = newToken()
  await app.db
    .insert(apiTokens)
    .values({ userId: user!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) })
  return { id: user!.id, email, password, token, headers: { authorization: `Bearer ${token}` } }
}

/**
 * A staff member (role admin) with a staff role (issue 30, decision 0190): a built-in one by key, or a custom role
 * made here from `permissions` (or an existing role by id).
 */
export async function createStaff(
  app: App,
  staffRole: BuiltInRole | { permissions: Permission[]; name?: string } | number,
  overrides: { email?: string; name?: string; password?: string } = {},
): Promise<TestUser & { staffRoleId: number }> {
  let staffRoleId: number
  if (typeof staffRole === 'number') staffRoleId = staffRole
  else if (typeof staffRole === 'string') {
    const [row] = await app.db
      .select({ id: staffRoles.id })
      .from(staffRoles)
      .where(eq(staffRoles.key, staffRole))
    staffRoleId = row!.id
  } else {
    const name = staffRole.name ?? `Role ${unique()}`
    const [row] = await app.db
      .insert(staffRoles)
      .values({ nameAr: name, nameEn: name, permissions: staffRole.permissions })
      .returning({ id: staffRoles.id })
    staffRoleId = row!.id
  }
  const user = await createUser(app, 'admin', {
    name: typeof staffRole === 'string' ? `Test ${staffRole}` : undefined,
    ...overrides,
  })
  await app.db.update(users).set({ staffRoleId }).where(eq(users.id, user.id))
  return { ...user, staffRoleId }
}

export async function createCategory(app: App, overrides: Partial<typeof categories.$inferInsert> = {}) {
  const id = unique()
  const [row] = await app.db
    .insert(categories)
    .values({ name: `تمور ${id}`, slug: `cat-${id}`, description: 'وصف', ...overrides })
    .returning()
  return row!
}

/** The fields of a product's one pack that tests set (the spec's product-level names, decision 0150). */
export interface PackFields {
  sku?: string | null
  retailPrice?: number
  wholesalePrice?: number | null
  wholesaleThreshold?: number | null
  retailBuyingPrice?: number | null
  wholesaleBuyingPrice?: number | null
  stock?: number
  isAlwaysInStock?: boolean
}

type ProductOverrides = Partial<typeof products.$inferInsert> & PackFields

/**
 * A product with one pack (decision 0150), written straight to the database. The answer is the product row with its
 * pack's figures under the spec's names and `variantId`, as tests read them.
 */
/**
 * Sets packs' stock up the way a test arranges the shop: in a transaction that tells the stock ledger why (decision
 * 0191: the database refuses a change of stock without a reason). Recorded as a count correction by the 'test' job.
 */
export function withStockReason<T>(app: App, write: (tx: Tx) => Promise<T>): Promise<T> {
  return app.db.transaction(async (tx) => {
    await stockContext(tx, { actor: systemActor('test'), reason: 'count_correction' })
    return write(tx)
  })
}

export async function createProduct(app: App, overrides: ProductOverrides = {}) {
  const id = unique()
  const {
    sku = null,
    retailPrice = 20,
    wholesalePrice = 16,
    wholesaleThreshold = 10,
    retailBuyingPrice = 12,
    wholesaleBuyingPrice = 10,
    stock = 50,
    isAlwaysInStock = false,
    ...productFields
  } = overrides
  const [row] = await app.db
    .insert(products)
    .values({
      slug: `dates-${id}`,
      name: `تمر دقلة نور ${id}`,
      description: 'تمر ليبي فاخر',
      attributes: { weight: '1 كغ', origin: 'الجفرة' },
      ...productFields,
    })
    .returning()
  const [pack] = await withStockReason(app, (tx) =>
    tx
      .insert(productVariants)
      .values({
        productId: row!.id,
        sku,
        retailPrice,
        retailBuyingPrice,
        wholesaleBuyingPrice,
        stock,
        isAlwaysInStock,
        archivedAt: row!.archivedAt,
      })
      .returning(),
  )
  if (wholesalePrice !== null && wholesaleThreshold !== null)
    await app.db
      .insert(variantPriceTiers)
      .values({ variantId: pack!.id, minQuantity: wholesaleThreshold, price: wholesalePrice })
  return {
    ...row!,
    variantId: pack!.id,
    sku,
    retailPrice,
    wholesalePrice,
    wholesaleThreshold,
    retailBuyingPrice,
    wholesaleBuyingPrice,
    stock,
    isAlwaysInStock,
  }
}

/**
 * Changes the pack figures of a product made by createProduct (its default pack), as an admin write would: the spec's
 * names, the wholesale pair as the first break.
 */
export async function setPack(app: App, productId: number, fields: PackFields) {
  const packs = (await loadVariantsOf(app.db, [productId])).get(productId) ?? []
  const pack = defaultVariant(packs)!
  const { wholesalePrice, wholesaleThreshold, ...columns } = fields
  if (Object.keys(columns).length)
    await withStockReason(app, (tx) =>
      tx
        .update(productVariants)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(productVariants.id, pack.id)),
    )
  if (wholesalePrice !== undefined || wholesaleThreshold !== undefined) {
    const first = pack.tiers[0]
    const price = wholesalePrice === undefined ? (first?.price ?? null) : wholesalePrice
    const min = wholesaleThreshold === undefined ? (first?.minQuantity ?? null) : wholesaleThreshold
    await app.db.delete(variantPriceTiers).where(eq(variantPriceTiers.variantId, pack.id))
    if (price !== null && min !== null)
      await app.db.insert(variantPriceTiers).values({ variantId: pack.id, minQuantity: min, price })
  }
}

export async function createCity(app: App, overrides: Partial<typeof cities.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(cities)
    .values({ name: `مدينة ${unique()}`, deliveryPrice: 15, ...overrides })
    .returning()
  return row!
}

/** The sign-in limit's answer (decisions 0007 and 0022), asked for in English: 429, Retry-After about 15 minutes, the message. */
export function expectLockedOut(res: {
  statusCode: number
  headers: Record<string, unknown>
  json(): unknown
}) {
  expect(res.statusCode).toBe(429)
  const retry = Number(res.headers['retry-after'])
  expect(retry).toBeGreaterThan(800)
  expect(retry).toBeLessThanOrEqual(900)
  const body = res.json() as { retry_after?: number }
  expect(body).toEqual({
    code: 'TOO_MANY_REQUESTS',
    message: 'Too many attempts. Please try again in 15 minutes',
    // The limits of decision 0091 also give the seconds in the body (a page can count down).
    ...(body.retry_after !== undefined ? { retry_after: retry } : {}),
  })
}

/** A product's default pack as stored (its only pack for products made by createProduct). */
export async function packOf(app: App, productId: number) {
  return defaultVariant((await loadVariantsOf(app.db, [productId])).get(productId) ?? [])!
}

/**
 * Stored products with their default pack's figures under the spec's names (decision 0150), for tests that compared
 * product rows before packs existed.
 */
export async function productsWithPack(app: App, where: SQL | undefined) {
  const rows = await app.db.select().from(products).where(where).orderBy(products.id)
  const packs = await loadVariantsOf(
    app.db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => {
    const pack = defaultVariant(packs.get(r.id) ?? [])
    return {
      ...r,
      sku: pack?.sku ?? null,
      retailPrice: pack?.retailPrice,
      wholesalePrice: pack?.tiers[0]?.price ?? null,
      wholesaleThreshold: pack?.tiers[0]?.minQuantity ?? null,
      retailBuyingPrice: pack?.retailBuyingPrice ?? null,
      wholesaleBuyingPrice: pack?.wholesaleBuyingPrice ?? null,
      stock: pack?.stock,
      isAlwaysInStock: pack?.isAlwaysInStock,
    }
  })
}
