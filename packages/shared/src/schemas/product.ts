import { z } from 'zod'
import { boolish, money, nullableMoney, optionalId, page, paginated, perPage, searchTerm } from './common.ts'
import { arabicFromLegacy, requireArabic, translatableShape } from './translatable.ts'

const stockCount = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, 'validation.stock_invalid')], {
    error: 'validation.stock_invalid',
  })
  .transform(Number)
  .pipe(
    z
      .number()
      .int('validation.stock_invalid')
      .min(0, 'validation.stock_invalid')
      .max(1_000_000_000, 'validation.stock_invalid'),
  )

/** Decision 0218: the stock a form was based on; empty or absent is none. */
const stockBasedOn = z.preprocess((v) => (v === '' || v === null ? undefined : v), stockCount.optional())

const threshold = z.preprocess(
  (v) => (v === '' || v === 'null' || v === undefined ? null : v),
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, 'validation.threshold_min_2')], {
      error: 'validation.threshold_min_2',
    })
    .transform(Number)
    .pipe(
      z
        .number()
        .int('validation.threshold_min_2')
        .min(2, 'validation.threshold_min_2')
        .max(1_000_000, 'validation.threshold_min_2'),
    )
    .nullable(),
)

/**
 * The owner's own product code (decision 0116): optional; letters, digits and - _ . / (no spaces), 64 at most; an
 * empty value is none. Unique among products (any case), which the database checks.
 */
export const sku = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v) || null,
  z
    .string({ error: 'validation.sku_invalid' })
    .max(64, 'validation.sku_invalid')
    .regex(/^[\p{L}\p{N}][\p{L}\p{N}._\-/]*$/u, 'validation.sku_invalid')
    .nullable(),
)

/** Grams or millilitres of a pack (optional, decision 0150): a whole number of 1 or more. */
const packAmount = z.preprocess(
  (v) => (v === '' || v === 'null' || v === undefined ? null : v),
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, 'validation.pack_amount_invalid')], {
      error: 'validation.pack_amount_invalid',
    })
    .transform(Number)
    .pipe(
      z
        .number()
        .int('validation.pack_amount_invalid')
        .min(1, 'validation.pack_amount_invalid')
        .max(10_000_000, 'validation.pack_amount_invalid'),
    )
    .nullable(),
)

/** One quantity break of a pack (decision 0150): from `min_quantity` units on, each costs `price`. */
export const PriceTierInput = z.object({
  min_quantity: z
    .union([z.number(), z.string().trim().regex(/^\d+$/, 'validation.threshold_min_2')], {
      error: 'validation.threshold_min_2',
    })
    .transform(Number)
    .pipe(
      z
        .number()
        .int('validation.threshold_min_2')
        .min(2, 'validation.threshold_min_2')
        .max(1_000_000, 'validation.threshold_min_2'),
    ),
  price: money,
})
export type PriceTierInput = z.infer<typeof PriceTierInput>

/**
 * The breaks of a pack, in the order given: quantities strictly growing and prices strictly falling, each below the
 * retail price (decision 0150). Issues name the break (`tiers.1.price`).
 */
export function checkTiers(
  v: { price: number; tiers: { min_quantity: number; price: number }[] },
  ctx: z.RefinementCtx,
  path: (string | number)[] = [],
) {
  v.tiers.forEach((tier, i) => {
    const before = v.tiers[i - 1]
    if (before && tier.min_quantity <= before.min_quantity)
      ctx.addIssue({
        code: 'custom',
        message: 'validation.tier_quantity_order',
        path: [...path, 'tiers', i, 'min_quantity'],
      })
    if (tier.price >= (before ? before.price : v.price))
      ctx.addIssue({
        code: 'custom',
        message: before ? 'validation.tier_price_order' : 'validation.wholesale_below_retail',
        path: [...path, 'tiers', i, 'price'],
      })
  })
}

/**
 * A pack size as the admin form and the API take it (decision 0150). `id` names a stored variant of the product (an
 * update keeps it); without it the pack is new. `label_ar` is needed when a product has more than one pack.
 */
export const VariantInput = z.object({
  id: optionalId,
  ...translatableShape({ label: 60 }),
  sku: sku.optional().transform((v) => v ?? null),
  price: z
    .preprocess((v) => (v === '' || v === null || v === undefined ? undefined : v), money.optional())
    .refine((v) => v !== undefined, 'validation.price_required')
    .transform((v) => v as number),
  tiers: z.array(PriceTierInput, { error: 'validation.invalid' }).max(10, 'validation.too_many').default([]),
  retail_buying_price: nullableMoney.default(null),
  wholesale_buying_price: nullableMoney.default(null),
  stock: stockCount.default(1),
  /**
   * Decision 0218: the pack's stock as the form read it. Given, `stock` equal to it leaves the stock as it is now (a
   * sale meanwhile is kept); a different `stock` is a count set only if the stock is still this figure (409
   * STOCK_CHANGED otherwise). Left out (an older client, the spec's call), `stock` is written as given.
   */
  stock_based_on: stockBasedOn,
  is_active: boolish.default(true),
  is_always_in_stock: boolish.default(false),
  weight_grams: packAmount.default(null),
  volume_ml: packAmount.default(null),
})
export type VariantInput = z.infer<typeof VariantInput>

/** The packs of a product: 1 to 50, at least one active, labels needed once there are two. */
export const VariantsInput = z
  .array(VariantInput, { error: 'validation.invalid' })
  .min(1, 'validation.variants_required')
  .max(50, 'validation.too_many')
  .superRefine((variants, ctx) => {
    variants.forEach((v, i) => {
      checkTiers(v, ctx, [i])
      if (variants.length > 1 && !(v.label_ar ?? v.label ?? '').trim())
        ctx.addIssue({ code: 'custom', message: 'validation.variant_label_required', path: [i, 'label_ar'] })
    })
    // Indexes of `variants` (a pack without a SKU keeps its place), so the issue names the later holder.
    const skus = variants.map((v) => v.sku?.toLowerCase() || null)
    skus.forEach((s, i) => {
      if (s && skus.indexOf(s) !== i)
        ctx.addIssue({ code: 'custom', message: 'validation.sku_taken', path: [i, 'sku'] })
    })
    if (!variants.some((v) => v.is_active))
      ctx.addIssue({ code: 'custom', message: 'validation.variant_active_required', path: [] })
  })

/** The translatable texts of a product and their longest length (decision 0057: `<field>_ar`, `<field>_en`). */
export const PRODUCT_TEXT_FIELDS = ['name', 'description', 'weight', 'origin'] as const
const productTexts = translatableShape({ name: 200, description: 5000, weight: 50, origin: 100 })

/**
 * Fields of a product as the admin form and the API take them (JSON or multipart strings), before the Arabic texts
 * are required: ProductInput requires name and description, a CSV row (imports.ts) the name only.
 */
export const ProductFields = z.object({
  ...productTexts,
  sku: sku.optional().transform((v) => v ?? null),
  category_id: z
    .preprocess((v) => (v === undefined ? null : v), optionalId.nullable())
    .transform((v) => v ?? null),
  // The default pack's figures (the spec's fields); a request with `variants` may leave them out.
  price: z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : v), money.optional()),
  wholesale_price: nullableMoney.default(null),
  wholesale_threshold: threshold.default(null),
  retail_buying_price: nullableMoney.default(null),
  wholesale_buying_price: nullableMoney.default(null),
  stock: stockCount.default(1),
  /** Decision 0218: the default pack's stock as the form read it (see VariantInput). */
  stock_based_on: stockBasedOn,
  is_active: boolish.default(true),
  is_always_in_stock: boolish.default(false),
  /**
   * Decision 0150: every pack of the product, in the order shown. Given, it replaces the packs (a stored pack left out
   * is removed; order lines keep its label and SKU); left out, the spec's fields above set the default pack.
   */
  variants: VariantsInput.optional(),
})

export function checkWholesale(
  v: {
    price?: number
    wholesale_price: number | null
    wholesale_threshold: number | null
    variants?: unknown[]
  },
  ctx: z.RefinementCtx,
) {
  if (v.variants) return
  if (v.price === undefined) {
    ctx.addIssue({ code: 'custom', message: 'validation.price_required', path: ['price'] })
    return
  }
  if (v.wholesale_price !== null && v.wholesale_price >= v.price) {
    ctx.addIssue({ code: 'custom', message: 'validation.wholesale_below_retail', path: ['wholesale_price'] })
  }
  if (v.wholesale_price !== null && v.wholesale_threshold === null) {
    ctx.addIssue({
      code: 'custom',
      message: 'validation.wholesale_threshold_required',
      path: ['wholesale_threshold'],
    })
  }
}

// Every check before the transform, so that one submit shows every field's error at once.
export const ProductInput = ProductFields.superRefine(
  requireArabic({ name: 'validation.name_required', description: 'validation.description_required' }),
)
  .superRefine(checkWholesale)
  .transform(arabicFromLegacy(PRODUCT_TEXT_FIELDS))
export type ProductInput = z.infer<typeof ProductInput>
/** The product form's fields as typed (strings), e.g. `name_ar`, `name_en`, `price`. */
export type ProductFormInput = z.input<typeof ProductInput>

export const ProductStatusInput = z.object({ is_active: boolish })
export const ProductStockInput = z.object({
  /** Decision 0150: the pack whose stock is set; left out, the default pack (the spec's call). */
  variant_id: optionalId,
  stock: stockCount,
  /** Decision 0218: set only if the pack's stock is still this figure (409 STOCK_CHANGED otherwise). */
  stock_based_on: stockBasedOn,
})

export const ProductListQuery = z.object({
  search: searchTerm,
  category_id: optionalId,
  page,
  per_page: perPage(12),
  active: z.enum(['true', 'false', '1', '0'], { error: 'validation.boolean_invalid' }).optional(),
  in_stock: z.enum(['true', 'false', '1', '0'], { error: 'validation.boolean_invalid' }).optional(),
})
export type ProductListQuery = z.infer<typeof ProductListQuery>

/** A pack of a product as the API shows it (decision 0150, docs/api.md). */
export const Variant = z.object({
  id: z.number().int(),
  sku: z.string().nullable(),
  /** In the reader's language ('' for the only pack of a product that never named it). */
  label: z.string(),
  price: z.number(),
  /** Quantity breaks, smallest first: from `min_quantity` units on, each costs `price`. */
  tiers: z.array(z.object({ min_quantity: z.number().int(), price: z.number() })),
  stock: z.number().int(),
  is_active: z.boolean(),
  is_always_in_stock: z.boolean(),
  weight_grams: z.number().int().nullable(),
  volume_ml: z.number().int().nullable(),
  /** The pack's own picture, or null (the product's). */
  image_url: z.string().nullable(),
  image_small_url: z.string().nullable(),
  // Staff only.
  label_ar: z.string().optional(),
  label_en: z.string().nullable().optional(),
  retail_buying_price: z.number().nullable().optional(),
  wholesale_buying_price: z.number().nullable().optional(),
  /** Decision 0228: the pack's price after the product's automatic offer (a percentage off), when it has one. */
  offer_price: z.number().optional(),
})
export type Variant = z.infer<typeof Variant>

/**
 * Decision 0228: an automatic offer a shopper gets on this product whatever the rest of the order (no minimum, city,
 * payment method or first-order condition): the badge on cards and the product page. `percent` when it takes a share
 * of the price (the crossed-out price is the retail price, `offer_price` what the shopper pays per unit); `amount` when
 * it takes a sum off the order (no per-unit price to show).
 */
export const ProductOffer = z.object({
  promotion_id: z.number().int(),
  /** The offer's name in the reader's language. */
  label: z.string(),
  percent: z.number().nullable(),
  amount: z.number().nullable(),
  /** Wholesale lines (a quantity break) take nothing off (the offer is "not for wholesale lines"). */
  retail_only: z.boolean(),
  ends_at: z.string().nullable(),
})
export type ProductOffer = z.infer<typeof ProductOffer>

export const Product = z.object({
  id: z.number().int(),
  /** The product page's address, `/products/{slug}`: readable, unique, made from the name (decision 0034). */
  slug: z.string(),
  /** The owner's product code, or null (decision 0116). */
  sku: z.string().nullable().optional(),
  name: z.string(),
  description: z.string(),
  category_id: z.number().int().nullable(),
  /** The category's address on the storefront is `/products?category={slug}` (decision 0110). */
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
  price: z.number(),
  retail_price: z.number(),
  wholesale_price: z.number().nullable(),
  wholesale_threshold: z.number().int().nullable(),
  // Buying prices are staff-only; the public view leaves them out.
  retail_buying_price: z.number().nullable().optional(),
  wholesale_buying_price: z.number().nullable().optional(),
  stock: z.number().int(),
  is_active: z.boolean(),
  is_always_in_stock: z.boolean(),
  image_url: z.string().nullable(),
  image_small_url: z.string().nullable(),
  attributes: z.object({ weight: z.string().nullable(), origin: z.string().nullable() }),
  created_at: z.string(),
  updated_at: z.string(),
  // Staff only (decision 0057): every language as stored; `name`, `description` and `attributes` above are in the
  // reader's language (Accept-Language) with the Arabic text where English is missing.
  name_ar: z.string().optional(),
  name_en: z.string().nullable().optional(),
  description_ar: z.string().optional(),
  description_en: z.string().nullable().optional(),
  weight_ar: z.string().nullable().optional(),
  weight_en: z.string().nullable().optional(),
  origin_ar: z.string().nullable().optional(),
  origin_en: z.string().nullable().optional(),
  /**
   * Decision 0150: every pack, in the shop's order (inactive ones for staff only). The spec's fields above (`price`,
   * `retail_price`, `wholesale_price`, `wholesale_threshold`, `stock`, `is_always_in_stock`, `sku`) are those of the
   * default pack: the first active one.
   */
  variants: z.array(Variant),
  /** The lowest price of the active packs ("from X" when the packs' prices differ). */
  price_from: z.number(),
  /** Decision 0228: shoppers' answers only; the automatic offer the product carries, or null. */
  offer: ProductOffer.nullable().optional(),
  /** The default pack's price after `offer` (a percentage); absent without one. */
  offer_price: z.number().optional(),
})
export type Product = z.infer<typeof Product>

/**
 * GET /products: a page of products. `did_you_mean` (decision 0140) only when a search found nothing: up to three
 * names of products and categories close to what was typed, in the reader's language.
 */
export const ProductList = paginated(Product).extend({ did_you_mean: z.array(z.string()).optional() })
export type ProductList = z.infer<typeof ProductList>

export const ProductSuggestQuery = z.object({ q: searchTerm })
export type ProductSuggestQuery = z.infer<typeof ProductSuggestQuery>

/** GET /products/suggest (decision 0140): what the search box offers while the shopper types. */
export const ProductSuggestions = z.object({
  /** Up to 6 products, best first, in stock (as the storefront lists them). */
  products: z.array(
    z.object({
      id: z.number().int(),
      slug: z.string(),
      name: z.string(),
      price: z.number(),
      image_small_url: z.string().nullable(),
    }),
  ),
  /** Up to 4 active categories whose names have every typed word. */
  categories: z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string() })),
  did_you_mean: z.array(z.string()),
})
export type ProductSuggestions = z.infer<typeof ProductSuggestions>
