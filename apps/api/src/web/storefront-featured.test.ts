import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../test/helpers.ts'
import { seedContent } from '../db/seed-content.ts'
import { createCatalogVersion } from '../modules/catalog/catalog-version.ts'
import { createStorefrontCatalog } from '../modules/catalog/storefront.service.ts'
import { getContent } from '../modules/content/content.service.ts'

// The landing page's products (decision 0127), as the storefront's data gives them to the page.

let ctx: TestContext
let admin: TestUser
beforeAll(async () => {
  ctx = await createTestApp()
  admin = await createUser(ctx.app, 'admin')
})
afterAll(() => ctx.close())

const put = (payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/api/content', payload: payload as object, headers: admin.headers })

describe('featured products (decision 0127)', () => {
  it("shows the owner's choice in the owner's order, skipping what cannot be bought, else the newest four", async () => {
    const catalog = createStorefrontCatalog(
      ctx.app.db,
      ctx.app.publicProductLists,
      createCatalogVersion(ctx.app.db),
    )
    const made = []
    for (let i = 0; i < 6; i++) made.push(await createProduct(ctx.app, { name: `منتج ${i}` }))
    const hidden = await createProduct(ctx.app, { name: 'مخفي', isActive: false })
    const soldOut = await createProduct(ctx.app, { name: 'نفد', stock: 0 })
    const ids = made.map((p) => p.id)

    const current = seedContent
    expect((await put({ ...current, featured_product_ids: [] })).statusCode).toBe(200)
    const newest = await catalog.featured([], 'ar')
    expect(newest.map((p) => p.id)).toEqual([...ids].reverse().slice(0, 4))

    const chosen = [ids[2]!, hidden.id, ids[0]!, soldOut.id, ids[4]!]
    const saved = await put({ ...current, featured_product_ids: [...chosen, ids[2]] })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().featured_product_ids).toEqual(chosen)
    const shown = await catalog.featured((await getContent(ctx.app.db)).featured_product_ids, 'en')
    expect(shown.map((p) => p.id)).toEqual([ids[2], ids[0], ids[4]])

    // None of the chosen can be bought: the newest, so the section is never empty while products are on offer.
    expect((await catalog.featured([hidden.id, soldOut.id], 'ar')).map((p) => p.id)).toEqual(
      newest.map((p) => p.id),
    )
  })
})
