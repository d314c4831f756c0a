import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createCity,
  createProduct,
  createStaff,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts'
import { createPackedProduct, order, quote, tag } from '../../../test/variants.ts'

// Issue 38, decision 0217: what the storefront hides (a product or pack switched off, archived) does not come back
// through a refusal: GET /api/products/{id} answers 404 for it, so the order's 422 names the cart line, not the name.
let ctx: TestContext
let cityId: number
let visible: { id: number }
let hidden: { id: number }
let archived: { id: number }
let packed: { id: number; variants: { id: number }[] }
const secret = `إصدار غير معلن ${tag()}`
const secretPack = `علبة سرية ${tag()}`

beforeAll(async () => {
  ctx = await createTestApp()
  cityId = (await createCity(ctx.app)).id
  const owner = await createStaff(ctx.app, 'owner')
  visible = await createProduct(ctx.app, { stock: 5 })
  hidden = await createProduct(ctx.app, { isActive: false, name: secret })
  archived = await createProduct(ctx.app, { archivedAt: new Date(), name: `${secret} (مؤرشف)` })
  packed = await createPackedProduct(ctx.app, owner, [
    { label_ar: 'علبة 500 غ', label_en: '500 g box', price: 12.5, stock: 10 },
    { label_ar: secretPack, label_en: 'Secret box', price: 30, stock: 10, is_active: false },
  ])
})
afterAll(() => ctx.close())

const lines = {
  product: () => [
    { product_id: visible.id, quantity: 1 },
    { product_id: hidden.id, quantity: 1 },
  ],
  archived: () => [
    { product_id: visible.id, quantity: 1 },
    { product_id: archived.id, quantity: 2 },
  ],
  pack: () => [
    { product_id: packed.id, variant_id: packed.variants[0]!.id, quantity: 1 },
    { product_id: packed.id, variant_id: packed.variants[1]!.id, quantity: 1 },
  ],
}

describe('an order naming something hidden', () => {
  it.each([
    ['a switched-off product', 'product', (): number => hidden.id, (): number | undefined => undefined],
    ['an archived product', 'archived', (): number => archived.id, (): number | undefined => undefined],
    [
      'a switched-off pack',
      'pack',
      (): number => packed.id,
      (): number | undefined => packed.variants[1]!.id,
    ],
  ] as const)(
    '%s is refused by its cart line and ids, never its name',
    async (_what, key, productId, variantId) => {
      // The storefront does not show it either.
      if (key !== 'pack')
        expect(
          (await ctx.app.inject({ method: 'GET', url: `/api/products/${productId()}` })).statusCode,
        ).toBe(404)
      for (const lang of ['ar', 'en'] as const) {
        const res = await order(ctx.app, cityId, lines[key](), { lang })
        expect(res.statusCode).toBe(422)
        const body = res.json()
        expect(body).toMatchObject({ code: 'PRODUCT_UNAVAILABLE', product_id: productId(), line: 1 })
        if (variantId()) expect(body.variant_id).toBe(variantId())
        expect(body.message).toBe(
          lang === 'ar'
            ? 'أحد منتجات سلتك (السطر 2) لم يعد متاحًا. احذفه للمتابعة'
            : 'An item in your cart (line 2) is no longer available. Remove it to continue',
        )
        expect(body.errors.items).toEqual([body.message])
        expect(res.body).not.toContain(secret)
        expect(res.body).not.toContain(secretPack)
        expect(res.body).not.toContain('Secret box')
      }
    },
  )

  it('is left out of the quote, which names only what is on sale', async () => {
    for (const key of ['product', 'archived', 'pack'] as const) {
      const res = await quote(ctx.app, cityId, lines[key]())
      expect(res.statusCode).toBe(200)
      expect(res.json().items).toHaveLength(1)
      expect(res.body).not.toContain(secret)
      expect(res.body).not.toContain(secretPack)
    }
  })
})
