import type { Language } from '@shop/shared/i18n/messages'
import {
  buildTranslations,
  ownTranslation,
  translatedText,
  type Translations,
} from '@shop/shared/i18n/content'
import type { Product, ProductInput, Variant } from '@shop/shared/schemas/product'
import type { CategoryText, products, ProductText } from '../db/schema/catalog.ts'
import { imageUrl } from './images.ts'
import { defaultVariant, type SellableVariant } from './sellable.ts'
import type { Viewer } from './viewer.ts'
import type { Offer } from '@shop/shared/pricing/offers'
import { offerFor, priceAfter, productOfferView } from './offer-badges.ts'

export type ProductRow = typeof products.$inferSelect
export interface ProductWithCategory {
  product: ProductRow
  category: { id: number; name: string; slug: string; translations: Translations<CategoryText> } | null
  /** Every pack of the product (decision 0150), in the shop's order. */
  variants: SellableVariant[]
}

/**
 * A pack as the API shows it (decision 0150); every language's label for staff, buying prices for staff with
 * costs.view (decision 0216).
 */
export function toVariant(v: SellableVariant, view: Viewer, lang: Language): Variant {
  const answer: Variant = {
    id: v.id,
    sku: v.sku,
    label: translatedText(v.label, v.translations, 'label', lang) ?? '',
    price: v.retailPrice,
    tiers: v.tiers.map((t) => ({ min_quantity: t.minQuantity, price: t.price })),
    stock: v.stock,
    is_active: v.isActive,
    is_always_in_stock: v.isAlwaysInStock,
    weight_grams: v.weightGrams,
    volume_ml: v.volumeMl,
    image_url: imageUrl(v.imageId, 'large'),
    image_small_url: imageUrl(v.imageId, 'small'),
  }
  if (view.staff)
    Object.assign(answer, { label_ar: v.label, label_en: ownTranslation(v.translations, 'en', 'label') })
  if (view.staff && view.costs)
    Object.assign(answer, {
      retail_buying_price: v.retailBuyingPrice,
      wholesale_buying_price: v.wholesaleBuyingPrice,
    })
  return answer
}

/**
 * The spec's product-level fields (product.md §3.2) are the default pack's (decision 0150): projected here, once, for
 * the answers (`toProduct`) and for an update's stored fields (`toProductFields`).
 */
function specFields(variants: readonly SellableVariant[]) {
  const d = defaultVariant(variants)
  const first = d?.tiers[0]
  return {
    sku: d?.sku ?? null,
    price: d?.retailPrice ?? 0,
    wholesale_price: first?.price ?? null,
    wholesale_threshold: first?.minQuantity ?? null,
    stock: d?.stock ?? 0,
    is_always_in_stock: d?.isAlwaysInStock ?? false,
    retail_buying_price: d?.retailBuyingPrice ?? null,
    wholesale_buying_price: d?.wholesaleBuyingPrice ?? null,
  }
}

/** One text of a product in the reader's language (decision 0056). */
export const productText = (
  p: Pick<ProductRow, 'name' | 'description' | 'attributes' | 'translations'>,
  field: ProductText,
  lang: Language,
): string | null =>
  translatedText(
    field === 'name' || field === 'description' ? p[field] : (p.attributes?.[field] ?? null),
    p.translations,
    field,
    lang,
  )

/**
 * The API's Product (packages/shared/src/schemas/product.ts) in the reader's language. `price` and `retail_price` both
 * carry the retail price (product.md §3.2; clients read either); the texts of every language only for staff
 * (docs/api.md, decision 0057), buying prices only for staff with costs.view (decision 0216).
 */
export function toProduct(
  { product: p, category, variants }: ProductWithCategory,
  viewer: Viewer,
  lang: Language,
  /** Decision 0228: the offers promised to shoppers (offer-badges.ts promisedOffers); shoppers' answers only. */
  offers?: readonly Offer[],
): Product {
  const { staff } = viewer
  // The spec's fields are the default pack's: the first active one (decision 0150).
  const spec = specFields(variants)
  const active = variants.filter((v) => v.isActive)
  const shown = staff ? variants : active
  const view: Product = {
    id: p.id,
    slug: p.slug,
    sku: spec.sku,
    name: productText(p, 'name', lang) ?? '',
    description: productText(p, 'description', lang) ?? '',
    category_id: p.categoryId,
    category:
      category && category.id !== null
        ? {
            id: category.id,
            name: translatedText(category.name, category.translations, 'name', lang) ?? '',
            slug: category.slug,
          }
        : null,
    price: spec.price,
    retail_price: spec.price,
    wholesale_price: spec.wholesale_price,
    wholesale_threshold: spec.wholesale_threshold,
    stock: spec.stock,
    is_active: p.isActive,
    is_always_in_stock: spec.is_always_in_stock,
    image_url: imageUrl(p.imageId, 'large'),
    image_small_url: imageUrl(p.imageId, 'small'),
    attributes: { weight: productText(p, 'weight', lang), origin: productText(p, 'origin', lang) },
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    variants: shown.map((v) => toVariant(v, viewer, lang)),
    price_from: Math.min(...(active.length ? active : variants).map((v) => v.retailPrice), spec.price),
  }
  if (offers && !staff) withOffer(view, p, offers, lang)
  if (staff && viewer.costs) {
    view.retail_buying_price = spec.retail_buying_price
    view.wholesale_buying_price = spec.wholesale_buying_price
  }
  if (staff) {
    Object.assign(view, {
      name_ar: p.name,
      name_en: ownTranslation(p.translations, 'en', 'name'),
      description_ar: p.description,
      description_en: ownTranslation(p.translations, 'en', 'description'),
      weight_ar: p.attributes?.weight || null,
      weight_en: ownTranslation(p.translations, 'en', 'weight'),
      origin_ar: p.attributes?.origin || null,
      origin_en: ownTranslation(p.translations, 'en', 'origin'),
    })
  }
  return view
}

/** The product's badge and the packs' prices after their offers (decision 0228). */
function withOffer(view: Product, p: ProductRow, offers: readonly Offer[], lang: Language) {
  const target = (variantId: number) => ({ productId: p.id, categoryId: p.categoryId, variantId })
  const d = view.variants.find((v) => v.is_active) ?? view.variants[0]
  for (const v of view.variants) {
    const offer = offerFor(offers, target(v.id))
    const after = offer && priceAfter(offer, v.price)
    if (after !== undefined && after !== null) v.offer_price = after
    if (v !== d) continue
    view.offer = offer ? productOfferView(offer, lang) : null
    if (after !== undefined && after !== null) view.offer_price = after
  }
}

/** A stored pack as the raw fields of VariantInput. */
export function toVariantFields(v: SellableVariant): Record<string, unknown> {
  return {
    id: v.id,
    label_ar: v.label,
    label_en: ownTranslation(v.translations, 'en', 'label') ?? '',
    sku: v.sku,
    price: v.retailPrice,
    tiers: v.tiers.map((t) => ({ min_quantity: t.minQuantity, price: t.price })),
    retail_buying_price: v.retailBuyingPrice,
    wholesale_buying_price: v.wholesaleBuyingPrice,
    stock: v.stock,
    is_active: v.isActive,
    is_always_in_stock: v.isAlwaysInStock,
    weight_grams: v.weightGrams,
    volume_ml: v.volumeMl,
  }
}

/**
 * A stored product as the raw fields of ProductInput, so that an update can send only what changes. The spec's
 * fields are the default pack's; `variants` is left out (a request that sends none changes the default pack only).
 */
export function toProductFields(p: ProductRow, variants: SellableVariant[]): Record<string, unknown> {
  const spec = specFields(variants)
  return {
    sku: spec.sku,
    name_ar: p.name,
    name_en: ownTranslation(p.translations, 'en', 'name') ?? '',
    description_ar: p.description,
    description_en: ownTranslation(p.translations, 'en', 'description') ?? '',
    category_id: p.categoryId,
    // No pack at all (never stored that way): no price, so an update must send one.
    price: variants.length ? spec.price : undefined,
    wholesale_price: spec.wholesale_price,
    wholesale_threshold: spec.wholesale_threshold,
    retail_buying_price: spec.retail_buying_price,
    wholesale_buying_price: spec.wholesale_buying_price,
    stock: spec.stock,
    is_active: p.isActive,
    is_always_in_stock: spec.is_always_in_stock,
    weight_ar: p.attributes?.weight ?? '',
    weight_en: ownTranslation(p.translations, 'en', 'weight') ?? '',
    origin_ar: p.attributes?.origin ?? '',
    origin_en: ownTranslation(p.translations, 'en', 'origin') ?? '',
  }
}

/** Validated product fields (admin form or CSV row) as table columns: one mapping for every writer. */
export const productColumns = (input: ProductInput) => ({
  name: input.name_ar,
  description: input.description_ar,
  categoryId: input.category_id,
  isActive: input.is_active,
  attributes: { weight: input.weight_ar || null, origin: input.origin_ar || null },
  translations: buildTranslations<ProductText>({
    en: {
      name: input.name_en,
      description: input.description_en,
      weight: input.weight_en,
      origin: input.origin_en,
    },
  }),
})
