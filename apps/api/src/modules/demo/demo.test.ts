import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  createStaff,
  createTestApp,
  createUser,
  packOf,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'
import { placeTestOrder } from '../../../test/orders.ts'
import { seedDatabase } from '../../db/seed.ts'
import { seedProducts } from '../../db/seed-data.ts'
import { categories, productVariants, products } from '../../db/schema/catalog.ts'
import { cities } from '../../db/schema/cities.ts'
import { orders } from '../../db/schema/orders.ts'
import { promotions } from '../../db/schema/promotions.ts'
import { auditLog, stockMovements } from '../../db/schema/team.ts'
import { users } from '../../db/schema/users.ts'
import { storeImage } from '../../domain/images.ts'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

describe('removing the demo data (decision 0225)', () => {
  let ctx: TestContext
  let owner: TestUser
  let ownProductId: number
  let keptDemoProductId: number
  let ownOrderId: number
  let logoId: string
  const stockOf = async (productId: number) => (await packOf(ctx.app, productId)).stock

  beforeAll(async () => {
    ctx = await createTestApp()
    await seedDatabase(ctx.app.db, {
      adminEmail: 'owner@shop.test',
      adminPassword: 'owner-pass-1',
      demoOrders: true,
    })
    owner = await createUser(ctx.app, 'super_admin')
    const as = owner.headers
    // The owner's first day: the shop's name, a logo and their own words on the landing page, a category and a
    // product of their own, and an order that buys it and one demo product.
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/settings',
          headers: as,
          payload: { key: 'site_name', value: 'مزرعة الواحة' },
        })
      ).statusCode,
    ).toBe(200)
    logoId = await storeImage(ctx.app.db, PNG)
    const content = (await ctx.app.inject({ method: 'GET', url: '/api/content', headers: as })).json()
    content.logo_image_id = logoId
    content.hero.title.ar = 'تمور الواحة من مزرعتنا'
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/content', headers: as, payload: content }))
        .statusCode,
    ).toBe(200)
    const category = await ctx.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: as,
      payload: { name: 'تمور الواحة' },
    })
    expect(category.statusCode).toBe(201)
    const product = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: as,
      payload: {
        name: 'تمر الواحة',
        description: 'تمر من مزرعة الواحة، مختار باليد',
        category_id: category.json().id,
        price: 30,
        retail_buying_price: 20,
        stock: 40,
      },
    })
    expect(product.statusCode, product.body).toBe(201)
    ownProductId = product.json().id
    const [demo] = await ctx.app.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.isDemo, true), eq(products.isActive, true)))
      .limit(1)
    keptDemoProductId = demo!.id
    const [city] = await ctx.app.db.select({ id: cities.id }).from(cities).limit(1)
    const order = await placeTestOrder(ctx.app, {
      cityId: city!.id,
      items: [
        { product_id: ownProductId, quantity: 3 },
        { product_id: keptDemoProductId, quantity: 1 },
      ],
    })
    ownOrderId = order.id
  }, 120_000)
  afterAll(() => ctx.close())

  const ledgerOfKeptPacks = () =>
    ctx.app.db
      .select({
        id: productVariants.id,
        stock: productVariants.stock,
        ledger: sql<number>`(select coalesce(sum(m.delta), 0)::int from ${stockMovements} m where m.variant_id = ${productVariants.id})`,
      })
      .from(productVariants)
      .where(inArray(productVariants.productId, [ownProductId, keptDemoProductId]))
      .orderBy(productVariants.id)

  const remove = (headers?: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/api/demo/remove', headers })

  it('leaves the demo codes switched off: no shopper can use WELCOME10 or FB15 until the owner says so', async () => {
    const codes = await ctx.app.db
      .select({ code: promotions.code, isActive: promotions.isActive, isDemo: promotions.isDemo })
      .from(promotions)
      .where(inArray(promotions.code, ['WELCOME10', 'FB15']))
    expect(codes).toHaveLength(2)
    for (const c of codes) expect(c).toMatchObject({ isActive: false, isDemo: true })
    // A shopper who types one gets the listed price.
    const quote = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      payload: { items: [{ product_id: keptDemoProductId, quantity: 1 }], coupon_code: 'WELCOME10' },
    })
    expect(quote.json().discount_total ?? 0).toBe(0)
    expect(quote.json().adjustments ?? []).toEqual([])
  })

  it('tells the dashboard the demo is there', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/demo', headers: owner.headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      present: true,
      counts: { orders: 160, customers: 6, products: seedProducts.length, offers: 4, content: true },
    })
  })

  it('refuses guests (401) and staff who are not the owner (403)', async () => {
    expect((await remove()).statusCode).toBe(401)
    const manager = await createStaff(ctx.app, 'manager')
    const refused = await remove({ ...manager.headers, 'accept-language': 'en' })
    expect(refused.statusCode).toBe(403)
    const staffOnly = await createStaff(ctx.app, { permissions: ['staff.manage'] })
    const alsoRefused = await remove({ ...staffOnly.headers, 'accept-language': 'ar' })
    expect(alsoRefused.statusCode).toBe(403)
    expect(alsoRefused.json().message).toBe('لا يحذف البيانات التجريبية إلا مالك المتجر')
    expect((await ctx.app.inject({ method: 'GET', url: '/api/demo' })).statusCode).toBe(401)
    expect((await ctx.app.db.select({ id: orders.id }).from(orders)).length).toBe(161)
  })

  it("removes the demo and keeps everything of the owner's; a second call changes nothing", async () => {
    const ownStock = await stockOf(ownProductId)
    const ledgerBefore = await ledgerOfKeptPacks()
    const keptStock = await stockOf(keptDemoProductId)
    const res = await remove(owner.headers)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().removed).toMatchObject({
      orders: 160,
      customers: 6,
      products: seedProducts.length - 1,
      offers: 4,
      content: true,
    })

    // The owner's order, product, category, settings, logo and words.
    const left = await ctx.app.db.select({ id: orders.id }).from(orders)
    expect(left.map((o) => o.id)).toEqual([ownOrderId])
    const shelf = (
      await ctx.app.inject({ method: 'GET', url: '/api/products?per_page=100', headers: owner.headers })
    )
      .json()
      .data.map((p: { id: number }) => p.id)
      .sort()
    expect(shelf).toEqual([ownProductId, keptDemoProductId].sort())
    expect(await stockOf(ownProductId)).toBe(ownStock)
    expect(await stockOf(keptDemoProductId)).toBe(keptStock)
    // Each kept pack's stock is still the sum of its ledger (decision 0191).
    // Each kept pack's stock and ledger agree as they did before (decision 0191: the stock is the sum of its moves).
    expect(await ledgerOfKeptPacks()).toEqual(ledgerBefore)
    const cats = await ctx.app.db.select({ name: categories.name }).from(categories)
    expect(cats.map((c) => c.name)).toContain('تمور الواحة')
    const publicSettings = (await ctx.app.inject({ method: 'GET', url: '/api/settings/public' })).json()
    expect(JSON.stringify(publicSettings)).toContain('مزرعة الواحة')
    const content = (
      await ctx.app.inject({ method: 'GET', url: '/api/content', headers: owner.headers })
    ).json()
    expect(content.logo_image_id).toBe(logoId)
    expect(content.hero.title.ar).toBe('تمور الواحة من مزرعتنا')
    expect(content.hero.title.en).toBe('')
    expect(JSON.stringify(content)).not.toMatch(/ISO 22000|2018|Golden Palm/)
    expect(content.quality.badges).toEqual([])

    // Demo customers, offers and the demo's figures are gone; the overview counts the owner's order only.
    expect(
      await ctx.app.db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`${users.email} like 'shopper%'`, true)),
    ).toEqual([])
    expect(await ctx.app.db.select({ id: promotions.id }).from(promotions)).toEqual([])
    const stats = (
      await ctx.app.inject({ method: 'GET', url: '/api/dashboard/stats?period=all', headers: owner.headers })
    ).json()
    expect(stats.total_orders).toBe(1)
    expect(stats.total_revenue).toBe(0)
    const [audit] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'demo.removed'))
    expect(audit).toMatchObject({ entity: 'shop', actorUserId: owner.id })
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/demo', headers: owner.headers })).json().present,
    ).toBe(false)

    // Idempotent: nothing left, nothing changed.
    const again = await remove(owner.headers)
    expect(again.statusCode).toBe(200)
    expect(again.json().removed).toEqual({
      orders: 0,
      customers: 0,
      products: 0,
      categories: 0,
      offers: 0,
      content: false,
    })
    expect((await ctx.app.db.select({ id: products.id }).from(products)).length).toBe(2)
    expect(
      (await ctx.app.db.select({ id: productVariants.id }).from(productVariants)).length,
    ).toBeGreaterThan(0)
    expect(await stockOf(ownProductId)).toBe(ownStock)
  })
})

describe('a shop started with SEED_DEMO=false (decision 0225)', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestApp()
    await seedDatabase(ctx.app.db, {
      adminEmail: 'owner@shop.test',
      adminPassword: 'owner-pass-1',
      demoOrders: true,
      demo: false,
    })
  }, 60_000)
  afterAll(() => ctx.close())

  it('has settings and delivery cities but no demo data at all', async () => {
    const owner = await createUser(ctx.app, 'super_admin')
    expect((await ctx.app.db.select({ id: cities.id }).from(cities)).length).toBeGreaterThan(5)
    expect(await ctx.app.db.select({ id: products.id }).from(products)).toEqual([])
    expect(await ctx.app.db.select({ id: orders.id }).from(orders)).toEqual([])
    expect(await ctx.app.db.select({ id: promotions.id }).from(promotions)).toEqual([])
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/demo', headers: owner.headers })).json().present,
    ).toBe(false)
  })
})
