import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  addItem,
  applyServerPrices,
  cartTotals,
  decrease,
  increase,
  itemIsWholesale,
  itemNextTier,
  itemUnitCents,
  itemUnitsToWholesale,
  normalizeItem,
  parseSavedCart,
  lineKey,
  linesNotIn,
  packToCart,
  quotedLineOf,
  removeItem,
  roomFor,
  renameItems,
  setQuantity,
  type CartItem,
  type CartProductInput,
} from './cart-model.ts'
import { makePackedProduct, makeVariant } from '../../test/make-product.ts'

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

const line = (over: Partial<CartItem> = {}): CartItem =>
  normalizeItem({ id: 1, name: 'x', price: 10, stock: 100, ...over })

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
    expect(increase(items, '1:')[0]!.quantity).toBe(3)
    expect(decrease(items, '1:')[0]!.quantity).toBe(1)
  })
  it('minus at 1 keeps the line at 1', () => {
    expect(decrease(items, '2:')).toBe(items)
  })
  it('setting a quantity below 1 is ignored', () => {
    expect(setQuantity(items, '1:', 0)).toBe(items)
    expect(setQuantity(items, '1:', -3)).toBe(items)
    expect(setQuantity(items, '1:', 1.5)).toBe(items)
    expect(setQuantity(items, '1:', 7)[0]!.quantity).toBe(7)
  })
  it('caps a quantity at the known stock', () => {
    expect(setQuantity([line({ stock: 5 })], '1:', 9)[0]!.quantity).toBe(5)
    expect(setQuantity([line({ stock: 5, is_always_in_stock: true })], '1:', 9)[0]!.quantity).toBe(9)
  })
  it('remove deletes the line; unknown ids change nothing', () => {
    expect(removeItem(items, '1:').map((i) => i.id)).toEqual([2])
    expect(increase(items, '99:')).toBe(items)
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
    const quoted = {
      product_id: 1,
      variant_id: 1,
      quantity: 2,
      retail_price: 27,
      wholesale_price: 20,
      wholesale_threshold: 10,
      tiers: [{ min_quantity: 10, price: 20 }],
      unit_price: 27,
    }
    const { items: next, changed } = applyServerPrices(items, [quoted])
    expect(next[0]!.retail_price).toBe(27)
    expect(changed).toEqual([{ key: '1:', name: 'x', from: 2500, to: 2700 }])
    expect(applyServerPrices(next, [quoted]).changed).toEqual([])
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
    const named = [{ product_id: 1, variant_id: null, quantity: 3, name: 'Dates' }]
    const next = renameItems(items, items.slice(0, 2), named, 'en')
    expect(next.map((i) => [i.id, i.name, i.lang, i.quantity])).toEqual([
      [1, 'Dates', 'en', 3],
      [2, 'قديم', 'en', 1],
      [3, 'Honey', 'en', 1],
    ])
    expect(next[2]).toBe(items[2])
    expect(linesNotIn(next, 'en')).toEqual([])
    expect(renameItems(next, next.slice(0, 1), named, 'en')).toBe(next)
  })
})

describe('pack sizes (decision 0152)', () => {
  const dates = makePackedProduct(5, [
    makeVariant(51, { label: '500 g', price: 12, stock: 30, weight_grams: 500 }),
    makeVariant(52, {
      label: '1 kg',
      price: 22,
      stock: 20,
      tiers: [
        { min_quantity: 5, price: 20 },
        { min_quantity: 20, price: 18 },
      ],
    }),
    makeVariant(53, { label: '5 kg', price: 100, stock: 3 }),
  ])
  const pack = (id: number) =>
    packToCart(
      dates,
      dates.variants.find((v) => v.id === id),
    )

  it('keeps two sizes of one product as two lines, each with its label, and adds to the right one', () => {
    let items = addItem([], pack(51)).items
    items = addItem(items, pack(53), { quantity: 2 }).items
    items = addItem(items, pack(51)).items
    expect(items.map((i) => [i.id, i.variant_id, i.variant_label, i.quantity])).toEqual([
      [5, 51, '500 g', 2],
      [5, 53, '5 kg', 2],
    ])
    expect(items.map(lineKey)).toEqual(['5:51', '5:53'])
    expect(cartTotals(items).subtotalCents).toBe(2 * 1200 + 2 * 10_000)
    // Each size has its own stock: the 5 kg line has room for one more, the 500 g one for 28.
    expect(roomFor(items, pack(53))).toBe(1)
    expect(roomFor(items, pack(51))).toBe(28)
    expect(addItem(items, pack(53), { quantity: 2 }).result).toBe('limit')
    // A change to one line leaves the other size alone.
    const fewer = removeItem(items, '5:51')
    expect(fewer.map(lineKey)).toEqual(['5:53'])
  })

  it('prices a line at each break of its pack and tells the next one', () => {
    const at = (quantity: number) => ({ ...addItem([], pack(52)).items[0]!, quantity })
    expect([4, 5, 19, 20, 40].map((q) => itemUnitCents(at(q)))).toEqual([2200, 2000, 2000, 1800, 1800])
    expect(itemIsWholesale(at(4))).toBe(false)
    expect(itemIsWholesale(at(5))).toBe(true)
    expect(itemNextTier(at(3))).toEqual({ tier: { minQuantity: 5, priceCents: 2000 }, units: 2 })
    expect(itemNextTier(at(7))).toEqual({ tier: { minQuantity: 20, priceCents: 1800 }, units: 13 })
    expect(itemNextTier(at(20))).toBeNull()
  })

  it('loads a line saved before packs existed as the default pack, with its wholesale price as a break', () => {
    const saved = JSON.stringify([
      { id: 5, name: 'تمر', price: 12, wholesale_price: 10, wholesale_threshold: 6, quantity: 2 },
    ])
    const [old] = parseSavedCart(saved).items
    expect(old).toMatchObject({ id: 5, variant_id: null, variant_label: '', quantity: 2 })
    expect(old!.tiers).toEqual([{ min_quantity: 6, price: 10 }])
    expect(lineKey(old!)).toBe('5:')
    // Adding the default pack joins that line; another size is a line of its own.
    const joined = addItem([old!], pack(51))
    expect(joined.result).toBe('increased')
    expect(joined.items.map((i) => [i.variant_id, i.quantity])).toEqual([[51, 3]])
    expect(addItem([old!], pack(53)).items.map(lineKey)).toEqual(['5:', '5:53'])
  })

  it('learns the pack of an old line from the quote and merges it with a line of the same pack', () => {
    const old = normalizeItem({ id: 5, name: 'تمر', price: 12, quantity: 2, stock: 30 })
    const own = addItem([], pack(51), { quantity: 3 }).items[0]!
    const other = addItem([], pack(53)).items[0]!
    const quoted = (variant_id: number, quantity: number, price: number, variant_label: string) => ({
      product_id: 5,
      variant_id,
      variant_label,
      quantity,
      retail_price: price,
      wholesale_price: null,
      wholesale_threshold: null,
      tiers: [],
      unit_price: price,
    })
    // The server merges the old line (the default pack, 51) with the line of 51: 5 units.
    const quote = [quoted(51, 5, 12, '500 g'), quoted(53, 1, 100, '5 kg')]
    const { items } = applyServerPrices([old, own, other], quote)
    expect(items.map((i) => [lineKey(i), i.variant_label, i.quantity])).toEqual([
      ['5:51', '500 g', 5],
      ['5:53', '5 kg', 1],
    ])
    // Alone, the old line takes the pack and its label.
    expect(applyServerPrices([old], [quoted(51, 2, 12, '500 g')]).items).toEqual([
      expect.objectContaining({ variant_id: 51, variant_label: '500 g', quantity: 2 }),
    ])
    // A quote line of a pack no asked line named is the old line's.
    expect(quotedLineOf(old, [old, other], quote)?.variant_id).toBe(51)
  })
})
