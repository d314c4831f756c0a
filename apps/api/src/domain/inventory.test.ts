import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SRC, sourceFiles } from '../../test/source-files.ts'
import { and, eq } from 'drizzle-orm'
import { productVariants } from '../db/schema/catalog.ts'
import { stockMovements } from '../db/schema/team.ts'
import {
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../test/helpers.ts'
import { placeTestOrder } from '../../test/orders.ts'

// Decision 0218: one inventory module (domain/stock.ts) writes every pack's stock, and a count is compared with the
// stock it was based on, so a form opened before a sale never puts the sold units back.

describe('the only writer of stock', () => {
  it('no file but domain/stock.ts writes a pack’s stock, adds a pack, or tells the ledger why stock moves', () => {
    const offenders: string[] = []
    for (const path of sourceFiles(SRC)) {
      const file = relative(SRC, path).replaceAll('\\', '/')
      if (file === 'domain/stock.ts') continue
      const text = readFileSync(path, 'utf8')
      // Each drizzle update of the packs, up to its where: none sets the stock.
      for (const m of text.matchAll(/\.update\(\s*productVariants\s*\)([\s\S]*?)\.where\(/g))
        if (/\bstock\s*:/.test(m[1]!)) offenders.push(`${file}: sets a pack's stock with drizzle`)
      // A new pack's stock is its opening balance: packs are added by the module.
      if (/\.insert\(\s*productVariants\s*\)/.test(text)) offenders.push(`${file}: inserts packs`)
      // SQL that names the packs' table and sets a stock column.
      for (const m of text.matchAll(
        /UPDATE\s+(?:\$\{productVariants\}|"?product_variants"?)([\s\S]*?)WHERE/gi,
      ))
        if (/[\s,]stock\s*=/.test(m[1]!)) offenders.push(`${file}: sets a pack's stock in SQL`)
      if (/\bstockContext\(/.test(text)) offenders.push(`${file}: sets the ledger's reason itself`)
    }
    expect(offenders).toEqual([])
    // The check looks where the writers were (they are the module's callers now): it would have caught them.
    const callers = sourceFiles(SRC).filter((p) =>
      /setStockCount|setStockCounts|insertPacks|adjustStock\b/.test(readFileSync(p, 'utf8')),
    )
    expect(callers.map((p) => relative(SRC, p).replaceAll('\\', '/')).sort()).toEqual(
      expect.arrayContaining([
        'db/seed.ts',
        'domain/stock.ts',
        'domain/variant-writes.ts',
        'modules/catalog/products.service.ts',
        'modules/imports/products-import.ts',
        'modules/stock/stock.service.ts',
      ]),
    )
  })
})

describe('a count never undoes a sale (compare-and-set)', () => {
  let ctx: TestContext
  let staff: TestUser
  let cityId: number
  const en = { 'accept-language': 'en' }

  beforeAll(async () => {
    ctx = await createTestApp()
    staff = await createUser(ctx.app, 'admin', { name: 'Mona the manager' })
    cityId = (await createCity(ctx.app)).id
  })
  afterAll(() => ctx.close())

  const stockOf = async (variantId: number) =>
    (await ctx.app.db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock
  const corrections = async (productId: number) =>
    ctx.app.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, productId), eq(stockMovements.reason, 'count_correction')))
  /** The product as the dashboard's form loads it. */
  const openForm = async (id: number) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/products/${id}`, headers: staff.headers })).json()
  const sell = (productId: number, quantity: number) =>
    placeTestOrder(ctx.app, { cityId, items: [{ product_id: productId, quantity }] })
  const put = (id: number, payload: object, headers: Record<string, string> = staff.headers) =>
    ctx.app.inject({ method: 'PUT', url: `/api/products/${id}`, payload, headers })

  it('the form opened at 10, a sale of 2, a rename saved: the stock is 8 and no correction is recorded', async () => {
    const p = await createProduct(ctx.app, { name: 'تمر دقلة', stock: 10 })
    const form = await openForm(p.id)
    expect(form.stock).toBe(10)
    await sell(p.id, 2)
    const res = await put(p.id, {
      ...form,
      name_ar: 'تمر دقلة نور',
      stock: form.stock,
      stock_based_on: form.stock,
      variants: form.variants.map((v: { stock: number }) => ({ ...v, stock_based_on: v.stock })),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ name: 'تمر دقلة نور', stock: 8 })
    expect(await stockOf(p.variantId)).toBe(8)
    expect(await corrections(p.id)).toEqual([])
  })

  it('the same with the spec’s fields only (no sizes): the stock the form read is left alone', async () => {
    const p = await createProduct(ctx.app, { name: 'عسل سدر', stock: 10 })
    const form = await openForm(p.id)
    await sell(p.id, 2)
    const res = await put(p.id, {
      name_ar: 'عسل سدر جبلي',
      description_ar: form.description_ar,
      price: form.price,
      stock: 10,
      stock_based_on: 10,
    })
    expect(res.statusCode).toBe(200)
    expect(await stockOf(p.variantId)).toBe(8)
  })

  it('a PUT that leaves the stock out keeps the stock of the moment it is written', async () => {
    const p = await createProduct(ctx.app, { name: 'زيت زيتون', stock: 10 })
    await sell(p.id, 3)
    expect((await put(p.id, { name_ar: 'زيت زيتون بكر' })).statusCode).toBe(200)
    expect(await stockOf(p.variantId)).toBe(7)
    expect(await corrections(p.id)).toEqual([])
  })

  it('the form sets a new count after a sale: 409 STOCK_CHANGED with the stock now, translated, and nothing saved', async () => {
    const p = await createProduct(ctx.app, { name: 'تمر برحي', stock: 10 })
    const form = await openForm(p.id)
    await sell(p.id, 2)
    const variants = (stock: number, basedOn: number) =>
      form.variants.map((v: object) => ({ ...v, stock, stock_based_on: basedOn }))
    const refused = await put(
      p.id,
      { ...form, name_ar: 'تمر برحي أصفر', variants: variants(15, 10) },
      { ...staff.headers, ...en },
    )
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'STOCK_CHANGED',
      message:
        'The stock of تمر برحي أصفر changed to 8 while you were editing (a sale or another change). Check the count, then save again to set it',
      product_id: p.id,
      variant_id: p.variantId,
      stock: 8,
    })
    const arabic = await put(
      p.id,
      { ...form, variants: variants(15, 10) },
      { ...staff.headers, 'accept-language': 'ar' },
    )
    expect(arabic.json().message).toBe(
      'تغيّر مخزون تمر برحي إلى 8 أثناء التعديل (بيع أو تعديل آخر). راجع العدد ثم احفظ مرة أخرى لاعتماده',
    )
    // Nothing of the refused save is kept: not the name, not the count.
    expect((await openForm(p.id)).name).toBe('تمر برحي')
    expect(await stockOf(p.variantId)).toBe(8)
    // Saved again on the figure the refusal told: the count is set, and recorded as staff's count correction.
    const again = await put(p.id, { ...form, name_ar: 'تمر برحي أصفر', variants: variants(15, 8) })
    expect(again.statusCode).toBe(200)
    expect(await stockOf(p.variantId)).toBe(15)
    expect((await corrections(p.id)).map((m) => [m.delta, m.actorUserId])).toEqual([[7, staff.id]])
  })

  it('the stock dialog’s count after a sale: 409 with the stock now; on the right figure, the difference is recorded', async () => {
    const p = await createProduct(ctx.app, { name: 'تمر مجدول', stock: 10 })
    await sell(p.id, 2)
    const adjust = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/stock-movements',
        headers: { ...staff.headers, ...en },
        payload: { product_id: p.id, reason: 'count_correction', ...payload },
      })
    const refused = await adjust({ count: 12, stock_based_on: 10 })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'STOCK_CHANGED', stock: 8 })
    expect(await stockOf(p.variantId)).toBe(8)
    const counted = await adjust({ count: 12, stock_based_on: 8 })
    expect(counted.statusCode).toBe(201)
    expect(counted.json()).toMatchObject({ delta: 4, stock_after: 12, reason: 'count_correction' })
    // A count the stock already has is nothing to record; a delta and a count at once is refused.
    const same = await adjust({ count: 12, stock_based_on: 12 })
    expect(same.statusCode).toBe(422)
    expect(same.json().errors.count).toEqual(['The count is the stock already recorded: nothing to change'])
    const both = await adjust({ count: 3, delta: 2 })
    expect(both.statusCode).toBe(422)
    expect(both.json().errors.count).toEqual([
      'Send either a change of units or a counted quantity, not both',
    ])
    expect(await stockOf(p.variantId)).toBe(12)
  })

  it('the spec’s stock call: a stale figure is refused, none sets the count as given', async () => {
    const p = await createProduct(ctx.app, { name: 'جمار النخيل', stock: 10 })
    await sell(p.id, 1)
    const patch = (payload: object) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/products/${p.id}/stock`, headers: staff.headers, payload })
    const refused = await patch({ stock: 20, stock_based_on: 10 })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'STOCK_CHANGED', stock: 9 })
    expect((await patch({ stock: 20 })).json()).toMatchObject({ stock: 20 })
    expect(await stockOf(p.variantId)).toBe(20)
  })

  it('a count and a checkout at the same moment: the sale is never lost', async () => {
    const p = await createProduct(ctx.app, { name: 'تمر خضراوي', stock: 10 })
    const form = await openForm(p.id)
    const [sale, save] = await Promise.all([
      sell(p.id, 4).then(
        () => 'sold',
        () => 'refused',
      ),
      put(p.id, {
        ...form,
        variants: form.variants.map((v: object) => ({ ...v, stock: 10, stock_based_on: 10 })),
      }),
    ])
    expect(sale).toBe('sold')
    expect(save.statusCode).toBe(200)
    expect(await stockOf(p.variantId)).toBe(6)
  })
})
