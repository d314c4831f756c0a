import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../test/helpers.ts'
import { seedDatabase } from './seed.ts'
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
    expect(products.map((p) => p.name)).toContain('Deglet Nour Dates – 1 kg Box')
    const arabic = (await ctx.app.inject({ method: 'GET', url: '/api/products?per_page=100' }))
      .json()
      .data.map((p: { name: string }) => p.name)
    expect(arabic).toContain('تمر دقلة نور – علبة 1 كغ')
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
})
