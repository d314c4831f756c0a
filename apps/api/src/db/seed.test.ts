import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { createTestApp, type TestContext } from '../../test/helpers.ts'
import { seedDatabase } from './seed.ts'
import { VariantsInput } from '@shop/shared/schemas/product'
import { seedCategories, seedCities, seedProducts } from './seed-data.ts'

// Latin letters, digits and the punctuation of the demo texts: English, not Arabic left in an English field.
const ENGLISH = /^[A-Za-z0-9 .,:;()'’\-–]+$/

describe('demo catalogue (decision 0055)', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestApp()
    await seedDatabase(ctx.app.db, {
      adminEmail: 'owner@shop.test',
      adminPassword: 'owner-pass-1',
      demoOrders: true,
    })
  }, 60_000)
  afterAll(() => ctx.close())

  it('gives every demo product, category and city an English name (and description) of its own', () => {
    for (const p of seedProducts) {
      expect(p.nameEn, p.name).toMatch(ENGLISH)
      expect(p.descriptionEn.length, p.name).toBeGreaterThan(40)
      expect(p.descriptionEn, p.name).toMatch(ENGLISH)
      expect(p.weightEn === null, p.name).toBe(p.weight === null)
      expect(p.originEn === null, p.name).toBe(p.origin === null)
    }
    for (const c of seedCategories)
      expect(
        [c.nameEn, c.descriptionEn].every((t) => ENGLISH.test(t)),
        c.name,
      ).toBe(true)
    for (const c of seedCities) expect(c.nameEn, c.name).toMatch(ENGLISH)
    for (const pack of seedProducts.flatMap((p) => p.packs)) {
      expect(pack.labelEn === '', pack.sku).toBe(pack.label === '')
      if (pack.labelEn) expect(pack.labelEn, pack.sku).toMatch(ENGLISH)
    }
    expect(new Set(seedProducts.map((p) => p.nameEn)).size).toBe(seedProducts.length)
    expect(new Set(seedCities.map((c) => c.nameEn.toLowerCase())).size).toBe(seedCities.length)
  })

  it('shows the seeded shop in English and in Arabic, demo orders included', async () => {
    const admin = { 'accept-language': 'en' }
    const products = (
      await ctx.app.inject({ method: 'GET', url: '/api/products?per_page=100', headers: admin })
    ).json().data as { name: string; description: string; category: { name: string } | null }[]
    expect(products.length).toBeGreaterThan(30)
    for (const p of products) {
      expect(p.name).toMatch(ENGLISH)
      expect(p.description).toMatch(ENGLISH)
      expect(p.category?.name ?? '').toMatch(/^[A-Za-z ]*$/)
    }
    expect(products.map((p) => p.name)).toContain('Deglet Nour Dates')
    const arabic = (await ctx.app.inject({ method: 'GET', url: '/api/products?per_page=100' }))
      .json()
      .data.map((p: { name: string }) => p.name)
    expect(arabic).toContain('تمر دقلة نور')
    const cities = (await ctx.app.inject({ method: 'GET', url: '/api/cities', headers: admin }))
      .json()
      .data.map((c: { name: string }) => c.name)
    expect(cities).toContain('Tripoli')
    expect(cities).toContain('Benghazi')

    // Demo orders keep both names like real ones (decision 0058).
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'owner@shop.test', password: 'owner-pass-1' },
    })
    const staff = { authorization: `Bearer ${login.json().token}`, 'accept-language': 'en' }
    // Decision 0067: new orders are mailed to the first admin until the owner sets the staff addresses.
    const settingsList = (
      await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: staff })
    ).json().data as { key: string; value: string }[]
    expect(settingsList.find((s) => s.key === 'notify_emails')?.value).toBe('owner@shop.test')
    const orders = (
      await ctx.app.inject({ method: 'GET', url: '/api/orders?per_page=20', headers: staff })
    ).json().data as { city_name: string; items: { product_name: string; product_name_ar: string }[] }[]
    expect(orders.length).toBe(20)
    for (const o of orders) {
      expect(o.city_name).toMatch(ENGLISH)
      for (const i of o.items) {
        expect(i.product_name).toMatch(ENGLISH)
        expect(i.product_name_ar).not.toMatch(ENGLISH)
      }
    }
  })

  it('sells what a date farm sells: several sizes of one product, with breaks, by the rules of an admin write', () => {
    for (const p of seedProducts) {
      const packs = VariantsInput.safeParse(
        p.packs.map((v) => ({
          label_ar: v.label,
          label_en: v.labelEn,
          sku: v.sku,
          price: v.retailPrice,
          tiers: v.tiers.map((t) => ({ min_quantity: t.minQuantity, price: t.price })),
          retail_buying_price: v.retailBuyingPrice,
          wholesale_buying_price: v.wholesaleBuyingPrice,
          stock: v.stock,
          is_active: v.active ?? true,
          is_always_in_stock: v.alwaysInStock ?? false,
          weight_grams: v.weightGrams ?? null,
          volume_ml: v.volumeMl ?? null,
        })),
      )
      expect(packs.error?.issues ?? [], p.nameEn).toEqual([])
      // A size named in the product's name is its only pack; a family of packs names its sizes on the packs.
      expect(p.weight === null, p.nameEn).toBe(p.packs.length > 1 || p.category === 'palm-offshoots')
    }
    const skus = seedProducts.flatMap((p) => p.packs.map((v) => v.sku.toLowerCase()))
    expect(new Set(skus).size).toBe(skus.length)
    const families = seedProducts.filter((p) => p.packs.length > 1)
    expect(families.length).toBeGreaterThanOrEqual(8)
    expect(seedProducts.length - families.length).toBeGreaterThanOrEqual(25)
    for (const category of ['dates', 'honey', 'olive-oil'])
      expect(
        families.some((p) => p.category === category && p.packs.length === 3),
        category,
      ).toBe(true)
    expect(families.some((p) => p.category === 'palm-offshoots')).toBe(true)
    expect(
      seedProducts.flatMap((p) => p.packs).filter((v) => v.tiers.length >= 2).length,
    ).toBeGreaterThanOrEqual(8)
  })

  it('shows a product’s packs, default pack first, and demo orders that buy different packs and breaks', async () => {
    const en = { 'accept-language': 'en' }
    type Pack = { id: number; label: string; sku: string | null; price: number; tiers: unknown[] }
    type Listed = { id: number; name: string; price: number; price_from: number; variants: Pack[] }
    const listed = (
      await ctx.app.inject({ method: 'GET', url: '/api/products?per_page=100', headers: en })
    ).json().data as Listed[]
    const deglet = listed.find((p) => p.name === 'Deglet Nour Dates')!
    expect(deglet.variants.map((v) => [v.label, v.sku, v.price])).toEqual([
      ['500 g box', 'GP-DGN-500G', 19],
      ['1 kg box', 'GP-DGN-1KG', 35],
      ['5 kg carton', 'GP-DGN-5KG', 165],
    ])
    expect(deglet.variants[2]!.tiers).toEqual([
      { min_quantity: 5, price: 150 },
      { min_quantity: 20, price: 140 },
    ])
    expect([deglet.price, deglet.price_from]).toEqual([19, 19])
    // The Eid gift box is off sale: shoppers see the Medjool 1 kg only.
    const medjool = listed.find((p) => p.name === 'Premium Medjool Dates')!
    expect(medjool.variants.map((v) => v.label)).toEqual(['1 kg'])

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'owner@shop.test', password: 'owner-pass-1' },
    })
    const staff = { authorization: `Bearer ${login.json().token}`, 'accept-language': 'en' }
    type Line = {
      product_id: number
      variant_id: number | null
      variant_label: string
      sku: string | null
      quantity: number
      unit_price: number
      is_wholesale: boolean
    }
    const lines: Line[] = []
    for (const page of [1, 2]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/orders?per_page=100&page=${page}`,
        headers: staff,
      })
      lines.push(...(res.json().data as { items: Line[] }[]).flatMap((o) => o.items))
    }
    const families = new Set(listed.filter((p) => p.variants.length > 1).map((p) => p.id))
    const familyLines = lines.filter((l) => families.has(l.product_id))
    // Shoppers bought different sizes of the same products, each line with its pack's English label and code.
    const packsBought = new Set(familyLines.map((l) => l.variant_id))
    expect(packsBought.size).toBeGreaterThanOrEqual(10)
    const productsInTwoSizes = [...families].filter(
      (id) => new Set(familyLines.filter((l) => l.product_id === id).map((l) => l.variant_id)).size >= 2,
    )
    expect(productsInTwoSizes.length).toBeGreaterThanOrEqual(5)
    for (const l of familyLines) {
      expect(l.variant_label).toMatch(ENGLISH)
      expect(l.sku).toMatch(/^GP-/)
    }
    // Wholesale lines at the first break and at a larger one, each priced by the break reached.
    const packs = new Map(listed.flatMap((p) => p.variants.map((v) => [v.id, v] as const)))
    const breakReached = (l: Line) => {
      const tiers = (packs.get(l.variant_id!)?.tiers ?? []) as { min_quantity: number; price: number }[]
      return tiers.filter((t) => t.min_quantity <= l.quantity).length
    }
    const wholesale = lines.filter((l) => l.is_wholesale && packs.has(l.variant_id!))
    expect(wholesale.some((l) => breakReached(l) === 1)).toBe(true)
    expect(wholesale.some((l) => breakReached(l) >= 2)).toBe(true)
    for (const l of lines.filter((x) => packs.has(x.variant_id!))) {
      const tiers = (packs.get(l.variant_id!)!.tiers ?? []) as { min_quantity: number; price: number }[]
      const reached = tiers.filter((t) => t.min_quantity <= l.quantity).at(-1)
      expect(l.unit_price).toBe(reached ? reached.price : packs.get(l.variant_id!)!.price)
      expect(l.is_wholesale).toBe(reached !== undefined)
    }
  })

  it('offers a shopper codes but changes no listed price: the demo orders that used FB15 add up (decision 0181)', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'owner@shop.test', password: 'owner-pass-1' },
    })
    const staff = { authorization: `Bearer ${login.json().token}` }
    const all = (
      await ctx.app.inject({ method: 'GET', url: '/api/orders?per_page=100', headers: staff })
    ).json()
    type O = {
      subtotal: number
      discount_total: number
      delivery_price: number
      total_amount: number
      order_status: string
      adjustments: { code: string | null; amount: number; target: string }[]
      items: { discount: number; line_total: number }[]
    }
    const orders = all.data as O[]
    const coded = orders.filter((o) => o.adjustments.length > 0)
    expect(coded.length).toBeGreaterThan(0)
    const cents = (n: number) => Math.round(n * 100)
    for (const o of orders) {
      expect(cents(o.total_amount)).toBe(
        cents(o.subtotal) - cents(o.discount_total) + cents(o.delivery_price),
      )
      expect(cents(o.discount_total)).toBe(o.items.reduce((s, i) => s + cents(i.discount), 0))
    }
    for (const o of coded) {
      expect(o.adjustments).toEqual([expect.objectContaining({ code: 'FB15', amount: 15, target: 'items' })])
      expect(o.subtotal).toBeGreaterThanOrEqual(100)
    }
    // No automatic offer is on: a quote of any demo product is its listed price.
    const quote = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/orders/quote',
        payload: { items: [{ product_id: 1, quantity: 1 }] },
      })
    ).json()
    expect(quote.discount_total).toBe(0)
    expect(quote.adjustments).toEqual([])
    // FB15's counter holds the uses of the orders that were not cancelled.
    const { promotions, promotionUses } = await import('./schema/promotions.ts')
    const [fb15] = await ctx.app.db.select().from(promotions).where(eq(promotions.code, 'FB15'))
    const held = await ctx.app.db
      .select()
      .from(promotionUses)
      .where(and(eq(promotionUses.promotionId, fb15!.id), isNull(promotionUses.releasedAt)))
    expect(fb15!.usedCount).toBe(held.length)
  })
})
