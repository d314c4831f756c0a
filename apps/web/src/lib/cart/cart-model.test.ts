import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  addItem,
  applyServerPrices,
  cartTotals,
  decrease,
  increase,
  itemIsWholesale,
  itemUnitCents,
  itemUnitsToWholesale,
  normalizeItem,
  parseSavedCart,
  linesNotIn,
  removeItem,
  roomFor,
  renameItems,
  setQuantity,
  type CartItem,
  type CartProductInput,
} from './cart-model.ts'

const product = (over: Partial<CartProductInput> = {}): CartProductInput => ({
  id: 1,
  name: 'تمر دقلة',
  image_small_url: '/img/1-small.webp',
  price: 25,
  retail_price: 25,
  wholesale_price: 20,
  wholesale_threshold: 10,
  stock: 50,
  is_always_in_stock: false,
  ...over,
})

const line = (over: Partial<CartItem> = {}): CartItem => ({
  ...normalizeItem({ id: 1, name: 'x', price: 10, stock: 100 }),
  ...over,
})

afterEach(() => vi.restoreAllMocks())

describe('loading a saved cart (product.md §3.8)', () => {
  it('falls back price → retail_price → 0 and retail_price → price', () => {
    expect(normalizeItem({ retail_price: 12.5 }).price).toBe(12.5)
    expect(normalizeItem({ price: '7.25' }).retail_price).toBe(7.25)
    const none = normalizeItem({})
    expect([none.price, none.retail_price]).toEqual([0, 0])
  })
  it('accepts numeric strings for prices and ignores non-numeric ones', () => {
    expect(normalizeItem({ price: 'abc', retail_price: '3.10' }).price).toBe(3.1)
  })
  it('defaults id to 0, name and image to empty text, quantity to 1', () => {
    expect(normalizeItem({})).toMatchObject({
      id: 0,
      name: '',
      image_url: '',
      quantity: 1,
      wholesale_price: null,
      wholesale_threshold: null,
    })
    expect(normalizeItem({ quantity: 'lots' }).quantity).toBe(1)
    expect(normalizeItem({ quantity: null }).quantity).toBe(1)
    expect(normalizeItem({ quantity: 4 }).quantity).toBe(4)
  })
  it('reads a good saved list', () => {
    const saved = JSON.stringify([{ id: 3, name: 'عسل', price: 40, quantity: 2 }])
    expect(parseSavedCart(saved)).toEqual({
      items: [expect.objectContaining({ id: 3, name: 'عسل', price: 40, retail_price: 40, quantity: 2 })],
      discard: false,
    })
  })
  it('logs and discards a saved cart that cannot be parsed', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(parseSavedCart('{not json')).toEqual({ items: [], discard: true })
    expect(parseSavedCart('{"id":1}')).toEqual({ items: [], discard: true })
    expect(log).toHaveBeenCalledTimes(2)
  })
  it('treats no saved cart as an empty cart', () => {
    expect(parseSavedCart(null)).toEqual({ items: [], discard: false })
  })
})

describe('adding (product.md §4.2)', () => {
  it('appends a new product with quantity 1 and the small image', () => {
    const { items, result } = addItem([], product())
    expect(result).toBe('added')
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ id: 1, quantity: 1, image_url: '/img/1-small.webp' })
  })
  it('raises an existing line by 1', () => {
    const first = addItem([], product()).items
    const { items, result } = addItem(first, product())
    expect(result).toBe('increased')
    expect(items).toHaveLength(1)
    expect(items[0]!.quantity).toBe(2)
  })
  it('refuses a product with stock 0 or less', () => {
    expect(addItem([], product({ stock: 0 }))).toEqual({ items: [], result: 'out_of_stock' })
    expect(addItem([], product({ stock: -2 })).result).toBe('out_of_stock')
  })
  it('allows an always-in-stock product any quantity while in stock, none once marked out of stock', () => {
    let items = addItem([], product({ stock: 1, is_always_in_stock: true })).items
    items = addItem(items, product({ stock: 1, is_always_in_stock: true })).items
    expect(items[0]!.quantity).toBe(2)
    expect(addItem([], product({ stock: 0, is_always_in_stock: true })).result).toBe('out_of_stock')
  })
  it('does not go past the stock', () => {
    const one = addItem([], product({ stock: 1 })).items
    expect(addItem(one, product({ stock: 1 })).result).toBe('limit')
  })
})

describe('changing quantities (product.md §4.2)', () => {
  const items = [line({ id: 1, quantity: 2 }), line({ id: 2, quantity: 1 })]
  it('plus and minus change by 1', () => {
    expect(increase(items, 1)[0]!.quantity).toBe(3)
    expect(decrease(items, 1)[0]!.quantity).toBe(1)
  })
  it('minus at 1 keeps the line at 1', () => {
    expect(decrease(items, 2)).toBe(items)
  })
  it('setting a quantity below 1 is ignored', () => {
    expect(setQuantity(items, 1, 0)).toBe(items)
    expect(setQuantity(items, 1, -3)).toBe(items)
    expect(setQuantity(items, 1, 1.5)).toBe(items)
    expect(setQuantity(items, 1, 7)[0]!.quantity).toBe(7)
  })
  it('caps a quantity at the known stock', () => {
    expect(setQuantity([line({ stock: 5 })], 1, 9)[0]!.quantity).toBe(5)
    expect(setQuantity([line({ stock: 5, is_always_in_stock: true })], 1, 9)[0]!.quantity).toBe(9)
  })
  it('remove deletes the line; unknown ids change nothing', () => {
    expect(removeItem(items, 1).map((i) => i.id)).toEqual([2])
    expect(increase(items, 99)).toBe(items)
  })
})

describe('prices (product.md §4.2, shared rule)', () => {
  const w = (quantity: number) =>
    line({ price: 25, retail_price: 25, wholesale_price: 20, wholesale_threshold: 10, quantity })
  it('switches to the wholesale price exactly at the threshold', () => {
    expect(itemUnitCents(w(9))).toBe(2500)
    expect(itemIsWholesale(w(9))).toBe(false)
    expect(itemUnitCents(w(10))).toBe(2000)
    expect(itemIsWholesale(w(10))).toBe(true)
    expect(itemUnitCents(w(11))).toBe(2000)
  })
  it('tells how many more units reach wholesale', () => {
    expect(itemUnitsToWholesale(w(7))).toBe(3)
    expect(itemUnitsToWholesale(w(10))).toBeNull()
    expect(itemUnitsToWholesale(line())).toBeNull()
  })
  it('ignores a wholesale price without a threshold', () => {
    expect(
      itemUnitCents(
        line({ price: 25, retail_price: 25, wholesale_price: 20, wholesale_threshold: null, quantity: 100 }),
      ),
    ).toBe(2500)
  })
  it('totals item count and amount', () => {
    const t = cartTotals([w(10), line({ id: 2, price: 0.1, retail_price: 0.1, quantity: 3 })])
    expect(t.itemCount).toBe(13)
    expect(t.subtotalCents).toBe(20_000 + 30)
  })
  it('applies server prices and reports the changed lines', () => {
    const items = [w(2)]
    const { items: next, changed } = applyServerPrices(items, [
      { product_id: 1, retail_price: 27, wholesale_price: 20, wholesale_threshold: 10, unit_price: 27 },
    ])
    expect(next[0]!.retail_price).toBe(27)
    expect(changed).toEqual([{ id: 1, name: 'x', from: 2500, to: 2700 }])
    expect(
      applyServerPrices(next, [
        { product_id: 1, retail_price: 27, wholesale_price: 20, wholesale_threshold: 10, unit_price: 27 },
      ]).changed,
    ).toEqual([])
  })
})

describe('property: totals in hundredths match a simple model', () => {
  const cents = fc.integer({ min: 0, max: 1_000_000 })
  const arbLine = fc.record({
    id: fc.integer({ min: 1, max: 1000 }),
    retail: cents,
    wholesale: fc.option(cents, { nil: null }),
    threshold: fc.option(fc.integer({ min: 2, max: 50 }), { nil: null }),
    quantity: fc.integer({ min: 1, max: 200 }),
  })
  it('sum of (wholesale when qty ≥ threshold else retail) × qty', () => {
    fc.assert(
      fc.property(fc.array(arbLine, { maxLength: 20 }), (rows) => {
        const items = rows.map((r) =>
          normalizeItem({
            id: r.id,
            price: r.retail / 100,
            wholesale_price: r.wholesale === null ? null : r.wholesale / 100,
            wholesale_threshold: r.threshold,
            quantity: r.quantity,
          }),
        )
        let count = 0
        let sum = 0
        for (const r of rows) {
          count += r.quantity
          const unit =
            r.wholesale !== null && r.threshold !== null && r.quantity >= r.threshold ? r.wholesale : r.retail
          sum += unit * r.quantity
        }
        const t = cartTotals(items)
        expect(t.itemCount).toBe(count)
        expect(t.subtotalCents).toBe(sum)
      }),
    )
  })
  it('adding n times yields quantity n (when stock allows) and never more than the stock', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 30 }), (n, stock) => {
        let items: CartItem[] = []
        for (let i = 0; i < n; i++) items = addItem(items, product({ stock })).items
        const q = items[0]?.quantity ?? 0
        expect(q).toBe(Math.min(n, stock))
      }),
    )
  })
})

describe('adding several units at once (the product page)', () => {
  it('adds the asked quantity to a new or an existing line', () => {
    const first = addItem([], product({ stock: 10 }), { quantity: 4 })
    expect(first).toMatchObject({ result: 'added', items: [{ quantity: 4 }] })
    expect(addItem(first.items, product({ stock: 10 }), { quantity: 6 })).toMatchObject({
      result: 'increased',
      items: [{ quantity: 10 }],
    })
  })

  it('adds nothing when the stock cannot cover the cart and the new units together', () => {
    const held = addItem([], product({ stock: 5 }), { quantity: 3 }).items
    expect(addItem(held, product({ stock: 5 }), { quantity: 3 })).toEqual({ items: held, result: 'limit' })
    expect(roomFor(held, { id: product().id, stock: 5, is_always_in_stock: false })).toBe(2)
    expect(roomFor(held, { id: product().id, stock: 5, is_always_in_stock: true })).toBe(
      Number.POSITIVE_INFINITY,
    )
  })
})

describe('names in the current language (decision 0061)', () => {
  it('keeps the language of a line, null for carts saved before it was kept', () => {
    expect(normalizeItem({ id: 1, name: 'x', lang: 'en' }).lang).toBe('en')
    expect(normalizeItem({ id: 1, name: 'x' }).lang).toBeNull()
    expect(normalizeItem({ id: 1, name: 'x', lang: 'fr' }).lang).toBeNull()
    expect(addItem([], product(), { lang: 'ar' }).items[0]!.lang).toBe('ar')
  })

  it('renames the asked lines, marks them in the language even when the quote left one out, and leaves the rest', () => {
    const items = [
      line({ id: 1, name: 'تمر', lang: 'ar', quantity: 3 }),
      line({ id: 2, name: 'قديم', lang: null }),
      line({ id: 3, name: 'Honey', lang: 'en' }),
    ]
    expect(linesNotIn(items, 'en').map((i) => i.id)).toEqual([1, 2])
    const next = renameItems(items, [1, 2], [{ product_id: 1, name: 'Dates' }], 'en')
    expect(next.map((i) => [i.id, i.name, i.lang, i.quantity])).toEqual([
      [1, 'Dates', 'en', 3],
      [2, 'قديم', 'en', 1],
      [3, 'Honey', 'en', 1],
    ])
    expect(next[2]).toBe(items[2])
    expect(linesNotIn(next, 'en')).toEqual([])
    expect(renameItems(next, [1], [{ product_id: 1, name: 'Dates' }], 'en')).toBe(next)
  })
})
