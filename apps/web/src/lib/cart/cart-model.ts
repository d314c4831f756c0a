import { toCents } from '@shop/shared/money/money'
import type { Language } from '@shop/shared/i18n/messages'
import {
  isWholesale,
  lineTotalCents,
  nextTier,
  totals,
  unitPriceCents,
  unitsToWholesale,
  type PricedLine,
} from '@shop/shared/pricing/pricing'
import type { Product, Variant } from '@shop/shared/schemas/product'

// product.md §3.8 cart line and §4.2 cart rules, kept pure so every rule is unit-tested without React.

/** A quantity break of a pack as the API gives it: from `min_quantity` units on, each costs `price` (dinars). */
export interface CartTier {
  min_quantity: number
  price: number
}

/**
 * A cart line is one pack of one product (decision 0152): two sizes of a product are two lines. `id` is the product's.
 */
export interface CartItem {
  id: number
  /**
   * The pack (decision 0152); null for a line saved before packs existed: it means the product's default pack, sent
   * without `variant_id`, and is filled in from the next quote's answer.
   */
  variant_id: number | null
  /** The pack's label in `lang` ('' for the only, unnamed pack of a product, or before the quote named it). */
  variant_label: string
  name: string
  image_url: string
  price: number
  retail_price: number
  wholesale_price: number | null
  wholesale_threshold: number | null
  /** The pack's quantity breaks, smallest first (the first is the wholesale price and threshold above). */
  tiers: CartTier[]
  /** null when unknown (an old saved cart); then the server decides at checkout. */
  stock: number | null
  is_always_in_stock: boolean
  quantity: number
  /** The language `name` is in (decision 0061); null when unknown (a cart saved before it was kept). */
  lang: Language | null
}

/** What a product card or page hands to the cart: a product's pack (see `packToCart`). */
export interface CartProductInput {
  id: number
  /** The pack; left out, the product's default pack (as an old saved line). */
  variant_id?: number | null
  variant_label?: string
  /** This is the product's default pack: it takes over a saved line without a pack. */
  is_default?: boolean
  tiers?: CartTier[] | null
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

/** Saved or given breaks: whole quantities of 2 or more with a price, smallest first; anything else is left out. */
function readTiers(raw: unknown): CartTier[] | null {
  if (!Array.isArray(raw)) return null
  const tiers: CartTier[] = []
  for (const t of raw as unknown[]) {
    const r = (t && typeof t === 'object' ? t : {}) as Record<string, unknown>
    const min = wholeNumber(r.min_quantity)
    const price = amount(r.price)
    if (min !== null && min >= 2 && price !== null) tiers.push({ min_quantity: min, price })
  }
  return tiers.sort((a, b) => a.min_quantity - b.min_quantity)
}

/**
 * product.md §3.8: price ↔ retail_price fall back to each other, then 0; quantity falls back to 1; id 0; name ''.
 * Decision 0152: a line saved before packs existed has no `variant_id` (null: the default pack) and its one break is
 * the wholesale price and threshold.
 */
export function normalizeItem(raw: unknown): CartItem {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
  const price = amount(r.price) ?? amount(r.retail_price) ?? 0
  const retail = amount(r.retail_price) ?? amount(r.price) ?? 0
  const quantity = wholeNumber(r.quantity)
  const threshold = wholeNumber(r.wholesale_threshold)
  const variantId = wholeNumber(r.variant_id)
  const wholesalePrice = amount(r.wholesale_price)
  const wholesaleThreshold = threshold !== null && threshold > 0 ? threshold : null
  const tiers =
    readTiers(r.tiers) ??
    (wholesalePrice !== null && wholesaleThreshold !== null
      ? [{ min_quantity: wholesaleThreshold, price: wholesalePrice }]
      : [])
  return {
    id: wholeNumber(r.id) ?? 0,
    variant_id: variantId !== null && variantId > 0 ? variantId : null,
    variant_label: typeof r.variant_label === 'string' ? r.variant_label : '',
    name: typeof r.name === 'string' ? r.name : '',
    image_url: typeof r.image_url === 'string' ? r.image_url : '',
    price,
    retail_price: retail,
    wholesale_price: tiers[0]?.price ?? null,
    wholesale_threshold: tiers[0]?.min_quantity ?? null,
    tiers,
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

export function toPricedLine(
  item: Pick<CartItem, 'retail_price' | 'price' | 'tiers' | 'quantity'>,
): PricedLine {
  return {
    retailCents: toCents(item.retail_price) ?? toCents(item.price) ?? 0,
    tiers: item.tiers.map((t) => ({ minQuantity: t.min_quantity, priceCents: toCents(t.price) ?? 0 })),
    quantity: item.quantity,
  }
}

/** The line's key: its product and pack (decision 0152). */
export const lineKey = (item: { id: number; variant_id: number | null }) =>
  `${item.id}:${item.variant_id ?? ''}`

/** The name a line is told by: "Deglet Nour dates – 1 kg" (the name alone for an unnamed pack). */
export const lineName = (item: { name: string; variant_label?: string | null }) =>
  item.variant_label ? `${item.name} – ${item.variant_label}` : item.name

/** The pack a cart line of `product` is: `variant` (the product's default pack when left out). */
export function packToCart(product: Product, variant?: Variant | null): CartProductInput {
  const pack = variant ?? defaultPack(product)
  if (!pack) return product
  return {
    id: product.id,
    variant_id: pack.id,
    variant_label: pack.label,
    is_default: pack.id === defaultPack(product)?.id,
    name: product.name,
    image_url: pack.image_url ?? product.image_url,
    image_small_url: pack.image_small_url ?? pack.image_url ?? product.image_small_url,
    price: pack.price,
    retail_price: pack.price,
    tiers: pack.tiers,
    stock: pack.stock,
    is_always_in_stock: pack.is_always_in_stock,
  }
}

/** The product's active packs in the shop's order (the API sends only active ones to the public; staff get all). */
export const activePacks = (product: Pick<Product, 'variants'>): Variant[] =>
  (product.variants ?? []).filter((v) => v.is_active)

/** The default pack: the first active one (the spec's fields are its figures); null for a product without packs. */
export const defaultPack = (product: Pick<Product, 'variants'>): Variant | null =>
  activePacks(product)[0] ?? null

/** The next break above the line's quantity and how many more units reach it (null at the last break or none). */
export const itemNextTier = (item: CartItem) => nextTier(toPricedLine(item))

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
    variant_id: p.variant_id ?? null,
    variant_label: p.variant_label ?? '',
    tiers: p.tiers ?? undefined,
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
  const index = findLine(items, product)
  const current = index === -1 ? 0 : items[index]!.quantity
  if (current + units > maxQuantity(fresh)) return { items, result: 'limit' }
  if (index === -1) return { items: [...items, { ...fresh, quantity: units }], result: 'added' }
  const next = items.slice()
  next[index] = { ...fresh, quantity: current + units }
  return { items: next, result: 'increased' }
}

/**
 * The cart's line of this pack: the same product and pack, or a line saved without a pack when this is the product's
 * default pack (decision 0152); -1 when there is none.
 */
export function findLine(
  items: CartItem[],
  product: Pick<CartProductInput, 'id' | 'variant_id' | 'is_default'>,
): number {
  const variant = product.variant_id ?? null
  const exact = items.findIndex((i) => i.id === product.id && i.variant_id === variant)
  if (exact !== -1 || !product.is_default) return exact
  return items.findIndex((i) => i.id === product.id && i.variant_id === null)
}

/** How many units of this pack the cart holds. */
export const heldOf = (
  items: CartItem[],
  product: Pick<CartProductInput, 'id' | 'variant_id' | 'is_default'>,
) => {
  const index = findLine(items, product)
  return index === -1 ? 0 : items[index]!.quantity
}

/** How many more units of `product` (its pack) the cart can take (its stock less what the cart holds). */
export function roomFor(
  items: CartItem[],
  product: Pick<CartProductInput, 'id' | 'variant_id' | 'is_default' | 'stock' | 'is_always_in_stock'>,
): number {
  const held = heldOf(items, product)
  return Math.max(
    0,
    maxQuantity({ stock: product.stock, is_always_in_stock: product.is_always_in_stock ?? false }) - held,
  )
}

function updateLine(items: CartItem[], key: string, change: (item: CartItem) => CartItem): CartItem[] {
  let changed = false
  const next = items.map((item) => {
    if (lineKey(item) !== key) return item
    const updated = change(item)
    if (updated !== item) changed = true
    return updated
  })
  return changed ? next : items
}

/**
 * Quantity set directly: below 1 (or not a whole number) is ignored; above the known stock is capped. Lines are named
 * by `lineKey` (product and pack).
 */
export function setQuantity(items: CartItem[], key: string, quantity: number): CartItem[] {
  if (!Number.isInteger(quantity) || quantity < 1) return items
  return updateLine(items, key, (item) => {
    const q = Math.min(quantity, Math.max(maxQuantity(item), 1))
    return q === item.quantity ? item : { ...item, quantity: q }
  })
}

export const increase = (items: CartItem[], key: string) => {
  const item = items.find((i) => lineKey(i) === key)
  return item ? setQuantity(items, key, item.quantity + 1) : items
}

/** Minus at 1 keeps 1: removing a line is the remove button's job. */
export const decrease = (items: CartItem[], key: string) => {
  const item = items.find((i) => lineKey(i) === key)
  return item && item.quantity > 1 ? setQuantity(items, key, item.quantity - 1) : items
}

export const removeItem = (items: CartItem[], key: string) => items.filter((i) => lineKey(i) !== key)

/** The lines whose names are not in `lang` (decision 0061: they are asked for again in it). */
export const linesNotIn = (items: CartItem[], lang: Language) => items.filter((i) => i.lang !== lang)

/** A line of the server's quote (decision 0152: the pack priced, the default one when the request named none). */
export interface QuotedLine {
  product_id: number
  variant_id: number | null
  quantity: number
}

/** A line of a quote request: a cart line's product, pack (left out for a line saved without one) and quantity. */
export interface AskedLine {
  id: number
  variant_id: number | null
  quantity: number
}

/**
 * The quote's line for a cart line. A line saved without a pack was priced as the product's default pack, which the
 * server merges with a line naming that pack: it is the product's quoted pack that no asked line named, or else the
 * named one whose quantity grew by the unnamed line's.
 */
export function quotedLineOf<Q extends QuotedLine>(
  item: AskedLine,
  asked: AskedLine[],
  quote: Q[],
): Q | undefined {
  if (item.variant_id !== null)
    return quote.find((q) => q.product_id === item.id && q.variant_id === item.variant_id)
  const ofProduct = quote.filter((q) => q.product_id === item.id)
  if (ofProduct.length <= 1) return ofProduct[0]
  const named = asked.filter((a) => a.id === item.id && a.variant_id !== null)
  return (
    ofProduct.find((q) => !named.some((a) => a.variant_id === q.variant_id)) ??
    ofProduct.find((q) => named.some((a) => a.variant_id === q.variant_id && a.quantity !== q.quantity)) ??
    ofProduct[0]
  )
}

/**
 * Lines saved without a pack take the pack the quote priced them as (decision 0152); one that is then the same pack as
 * another line joins it (the quantities added, within the stock).
 */
export function fillPacks<Q extends QuotedLine & { variant_label?: string }>(
  items: CartItem[],
  quote: Q[],
  asked: AskedLine[] = items,
): CartItem[] {
  if (!items.some((i) => i.variant_id === null)) return items
  let next = items
  for (const item of items) {
    if (item.variant_id !== null || !asked.some((a) => a.id === item.id && a.variant_id === null)) continue
    const q = quotedLineOf(item, asked, quote)
    if (!q || typeof q.variant_id !== 'number') continue
    const key = lineKey(item)
    const same = next.find((i) => i.id === item.id && i.variant_id === q.variant_id)
    if (same) {
      const joined = Math.min(same.quantity + item.quantity, Math.max(maxQuantity(same), 1))
      next = next
        .filter((i) => lineKey(i) !== key)
        .map((i) => (i === same ? { ...same, quantity: joined } : i))
    } else
      next = next.map((i) =>
        lineKey(i) === key
          ? { ...i, variant_id: q.variant_id, variant_label: q.variant_label ?? i.variant_label }
          : i,
      )
  }
  return next
}

/**
 * Names in `lang` from the server (a quote) for the lines `asked`. Every asked line is marked as in `lang`, also one the
 * quote left out (a product that no longer exists keeps its old name: checkout drops it), so it is not asked again.
 * The pack's label comes in `lang` too, and a line saved without a pack learns which one it is.
 */
export function renameItems(
  items: CartItem[],
  asked: AskedLine[],
  names: (QuotedLine & { name: string; variant_label?: string })[],
  lang: Language,
): CartItem[] {
  const wanted = new Set(asked.map(lineKey))
  let changed = false
  const next = items.map((item) => {
    if (!wanted.has(lineKey(item))) return item
    const q = quotedLineOf(item, asked, names)
    const name = q?.name || item.name
    const label = q?.variant_label ?? item.variant_label
    if (name === item.name && label === item.variant_label && item.lang === lang) return item
    changed = true
    return { ...item, name, variant_label: label, lang }
  })
  return fillPacks(changed ? next : items, names, asked)
}

/** Server prices from a quote replace the cart's; returns the lines whose unit price changed. */
export interface ServerPrice {
  product_id: number
  variant_id: number | null
  quantity: number
  retail_price: number
  wholesale_price: number | null
  wholesale_threshold: number | null
  tiers?: CartTier[]
  variant_label?: string
  unit_price: number
}

export interface PriceChange {
  key: string
  name: string
  from: number
  to: number
}

export function applyServerPrices(
  items: CartItem[],
  prices: ServerPrice[],
  asked: AskedLine[] = items,
): { items: CartItem[]; changed: PriceChange[] } {
  const changed: PriceChange[] = []
  const next = items.map((item) => {
    const p = quotedLineOf(item, asked, prices)
    if (!p) return item
    const before = itemUnitCents(item)
    const updated = normalizeItem({
      ...item,
      price: p.retail_price,
      retail_price: p.retail_price,
      wholesale_price: p.wholesale_price,
      wholesale_threshold: p.wholesale_threshold,
      tiers: p.tiers,
    })
    // The server's retail price and breaks at this line's own quantity (the quote may price a saved line without a
    // pack together with the line of the same pack: the shared pricing rule gives the server's unit price).
    const after = itemUnitCents(updated)
    if (before !== after) changed.push({ key: lineKey(item), name: lineName(item), from: before, to: after })
    const same =
      updated.retail_price === item.retail_price &&
      JSON.stringify(updated.tiers) === JSON.stringify(item.tiers)
    return same ? item : updated
  })
  const priced = changed.length || next.some((n, i) => n !== items[i]) ? next : items
  return { items: fillPacks(priced, prices, asked), changed }
}
