import { toCents } from '@shop/shared/money/money'
import type { Language } from '@shop/shared/i18n/messages'
import {
  isWholesale,
  lineTotalCents,
  totals,
  unitPriceCents,
  unitsToWholesale,
  type PricedLine,
} from '@shop/shared/pricing/pricing'

// product.md §3.8 cart line and §4.2 cart rules, kept pure so every rule is unit-tested without React.

export interface CartItem {
  id: number
  name: string
  image_url: string
  price: number
  retail_price: number
  wholesale_price: number | null
  wholesale_threshold: number | null
  /** null when unknown (an old saved cart); then the server decides at checkout. */
  stock: number | null
  is_always_in_stock: boolean
  quantity: number
  /** The language `name` is in (decision 0061); null when unknown (a cart saved before it was kept). */
  lang: Language | null
}

/** What a product card hands to the cart (a subset of the API's Product). */
export interface CartProductInput {
  id: number
  name: string
  image_url?: string | null
  image_small_url?: string | null
  price: number | string
  retail_price?: number | string | null
  wholesale_price?: number | string | null
  wholesale_threshold?: number | string | null
  stock: number
  is_always_in_stock?: boolean
}

export type AddResult = 'added' | 'increased' | 'out_of_stock' | 'limit'

const amount = (v: unknown): number | null => {
  const cents = toCents(v)
  return cents === null ? null : cents / 100
}

const wholeNumber = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN
  return Number.isFinite(n) ? Math.trunc(n) : null
}

/** product.md §3.8: price ↔ retail_price fall back to each other, then 0; quantity falls back to 1; id 0; name ''. */
export function normalizeItem(raw: unknown): CartItem {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
  const price = amount(r.price) ?? amount(r.retail_price) ?? 0
  const retail = amount(r.retail_price) ?? amount(r.price) ?? 0
  const quantity = wholeNumber(r.quantity)
  const threshold = wholeNumber(r.wholesale_threshold)
  return {
    id: wholeNumber(r.id) ?? 0,
    name: typeof r.name === 'string' ? r.name : '',
    image_url: typeof r.image_url === 'string' ? r.image_url : '',
    price,
    retail_price: retail,
    wholesale_price: amount(r.wholesale_price),
    wholesale_threshold: threshold !== null && threshold > 0 ? threshold : null,
    stock: wholeNumber(r.stock),
    is_always_in_stock: r.is_always_in_stock === true,
    quantity: quantity !== null && quantity >= 1 ? quantity : 1,
    lang: r.lang === 'ar' || r.lang === 'en' ? r.lang : null,
  }
}

/**
 * product.md §4.2: a saved cart that cannot be parsed is logged and deleted.
 * Returns the items and whether the saved value must be removed.
 */
export function parseSavedCart(raw: string | null): { items: CartItem[]; discard: boolean } {
  if (raw === null || raw === '') return { items: [], discard: false }
  try {
    const parsed: unknown = JSON.parse(raw)
    if (!Array.isArray(parsed)) throw new Error('saved cart is not a list')
    return { items: parsed.map(normalizeItem), discard: false }
  } catch (err) {
    console.error('Failed to load the saved cart; it has been cleared.', err)
    return { items: [], discard: true }
  }
}

export function toPricedLine(item: CartItem): PricedLine {
  return {
    retailCents: toCents(item.retail_price) ?? toCents(item.price) ?? 0,
    wholesaleCents: item.wholesale_price === null ? null : toCents(item.wholesale_price),
    wholesaleThreshold: item.wholesale_threshold,
    quantity: item.quantity,
  }
}

export const itemUnitCents = (item: CartItem) => unitPriceCents(toPricedLine(item))
export const itemLineCents = (item: CartItem) => lineTotalCents(toPricedLine(item))
export const itemIsWholesale = (item: CartItem) => isWholesale(toPricedLine(item))
export const itemUnitsToWholesale = (item: CartItem) => unitsToWholesale(toPricedLine(item))

export function cartTotals(items: CartItem[], deliveryCents = 0) {
  return totals(items.map(toPricedLine), deliveryCents)
}

/**
 * The most units the shopper may hold: the stock when it is known and counted; no limit for an always-in-stock
 * product that is in stock (or an unknown stock); none once it is out of stock.
 */
export function maxQuantity(item: Pick<CartItem, 'stock' | 'is_always_in_stock'>): number {
  if (item.stock === null) return Number.POSITIVE_INFINITY
  if (item.stock <= 0) return 0
  return item.is_always_in_stock ? Number.POSITIVE_INFINITY : item.stock
}

/** `lang`: the language the product's texts came in (the current language when it is added). */
export function productToCartItem(p: CartProductInput, lang: Language | null = null): CartItem {
  return normalizeItem({
    lang,
    id: p.id,
    name: p.name,
    image_url: p.image_small_url ?? p.image_url ?? '',
    price: p.price,
    retail_price: p.retail_price ?? p.price,
    wholesale_price: p.wholesale_price,
    wholesale_threshold: p.wholesale_threshold,
    stock: p.stock,
    is_always_in_stock: p.is_always_in_stock ?? false,
    quantity: 1,
  })
}

export function canAdd(p: Pick<CartProductInput, 'stock' | 'is_always_in_stock'>): boolean {
  return p.stock > 0
}

/**
 * product.md §4.2: an existing line goes up by 1 (fresh product data kept), a new one is appended with quantity 1.
 * The product page adds `quantity` units at once; more than the stock allows (with what the cart already holds) adds
 * nothing.
 * `lang`: the language the product's name is in (decision 0061: the line is renamed after a language switch).
 */
export function addItem(
  items: CartItem[],
  product: CartProductInput,
  { lang = null, quantity = 1 }: { lang?: Language | null; quantity?: number } = {},
): { items: CartItem[]; result: AddResult } {
  if (!canAdd(product)) return { items, result: 'out_of_stock' }
  const units = Number.isInteger(quantity) && quantity >= 1 ? quantity : 1
  const fresh = productToCartItem(product, lang)
  const index = items.findIndex((i) => i.id === fresh.id)
  const current = index === -1 ? 0 : items[index]!.quantity
  if (current + units > maxQuantity(fresh)) return { items, result: 'limit' }
  if (index === -1) return { items: [...items, { ...fresh, quantity: units }], result: 'added' }
  const next = items.slice()
  next[index] = { ...fresh, quantity: current + units }
  return { items: next, result: 'increased' }
}

/** How many more units of `product` the cart can take (its stock less what the cart holds). */
export function roomFor(
  items: CartItem[],
  product: Pick<CartProductInput, 'id' | 'stock' | 'is_always_in_stock'>,
): number {
  const held = items.find((i) => i.id === product.id)?.quantity ?? 0
  return Math.max(
    0,
    maxQuantity({ stock: product.stock, is_always_in_stock: product.is_always_in_stock ?? false }) - held,
  )
}

function updateLine(items: CartItem[], id: number, change: (item: CartItem) => CartItem): CartItem[] {
  let changed = false
  const next = items.map((item) => {
    if (item.id !== id) return item
    const updated = change(item)
    if (updated !== item) changed = true
    return updated
  })
  return changed ? next : items
}

/** Quantity set directly: below 1 (or not a whole number) is ignored; above the known stock is capped. */
export function setQuantity(items: CartItem[], id: number, quantity: number): CartItem[] {
  if (!Number.isInteger(quantity) || quantity < 1) return items
  return updateLine(items, id, (item) => {
    const q = Math.min(quantity, Math.max(maxQuantity(item), 1))
    return q === item.quantity ? item : { ...item, quantity: q }
  })
}

export const increase = (items: CartItem[], id: number) => {
  const item = items.find((i) => i.id === id)
  return item ? setQuantity(items, id, item.quantity + 1) : items
}

/** Minus at 1 keeps 1: removing a line is the remove button's job. */
export const decrease = (items: CartItem[], id: number) => {
  const item = items.find((i) => i.id === id)
  return item && item.quantity > 1 ? setQuantity(items, id, item.quantity - 1) : items
}

export const removeItem = (items: CartItem[], id: number) => items.filter((i) => i.id !== id)

/** The lines whose names are not in `lang` (decision 0061: they are asked for again in it). */
export const linesNotIn = (items: CartItem[], lang: Language) => items.filter((i) => i.lang !== lang)

/**
 * Names in `lang` from the server (a quote) for the lines `asked`. Every asked line is marked as in `lang`, also one the
 * quote left out (a product that no longer exists keeps its old name: checkout drops it), so it is not asked again.
 */
export function renameItems(
  items: CartItem[],
  asked: number[],
  names: { product_id: number; name: string }[],
  lang: Language,
): CartItem[] {
  const byId = new Map(names.map((n) => [n.product_id, n.name]))
  const wanted = new Set(asked)
  let changed = false
  const next = items.map((item) => {
    if (!wanted.has(item.id)) return item
    const name = byId.get(item.id) || item.name
    if (name === item.name && item.lang === lang) return item
    changed = true
    return { ...item, name, lang }
  })
  return changed ? next : items
}

/** Server prices from a quote replace the cart's; returns the names of lines whose unit price changed. */
export interface ServerPrice {
  product_id: number
  retail_price: number
  wholesale_price: number | null
  wholesale_threshold: number | null
  unit_price: number
}

export function applyServerPrices(
  items: CartItem[],
  prices: ServerPrice[],
): { items: CartItem[]; changed: { id: number; name: string; from: number; to: number }[] } {
  const changed: { id: number; name: string; from: number; to: number }[] = []
  const byId = new Map(prices.map((p) => [p.product_id, p]))
  const next = items.map((item) => {
    const p = byId.get(item.id)
    if (!p) return item
    const before = itemUnitCents(item)
    const updated = normalizeItem({
      ...item,
      price: p.retail_price,
      retail_price: p.retail_price,
      wholesale_price: p.wholesale_price,
      wholesale_threshold: p.wholesale_threshold,
    })
    const after = toCents(p.unit_price) ?? itemUnitCents(updated)
    if (before !== after) changed.push({ id: item.id, name: item.name, from: before, to: after })
    const same =
      updated.retail_price === item.retail_price &&
      updated.wholesale_price === item.wholesale_price &&
      updated.wholesale_threshold === item.wholesale_threshold
    return same ? item : updated
  })
  return { items: changed.length || next.some((n, i) => n !== items[i]) ? next : items, changed }
}
