import type { Language } from '@shop/shared/i18n/messages'
import {
  buildTranslations,
  ownTranslation,
  translatedText,
  type Translations,
} from '@shop/shared/i18n/content'
import type { Product, ProductInput } from '@shop/shared/schemas/product'
import type { CategoryText, products, ProductText } from '../db/schema/catalog.ts'
import { imageUrl } from './images.ts'

export type ProductRow = typeof products.$inferSelect
export interface ProductWithCategory {
  product: ProductRow
  category: { id: number; name: string; slug: string; translations: Translations<CategoryText> } | null
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
 * carry the retail price (product.md §3.2; clients read either); buying prices and the texts of every language only
 * for staff (docs/api.md, decision 0057).
 */
export function toProduct(
  { product: p, category }: ProductWithCategory,
  staff: boolean,
  lang: Language,
): Product {
  const view: Product = {
    id: p.id,
    slug: p.slug,
    sku: p.sku,
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
    price: p.retailPrice,
    retail_price: p.retailPrice,
    wholesale_price: p.wholesalePrice,
    wholesale_threshold: p.wholesaleThreshold,
    stock: p.stock,
    is_active: p.isActive,
    is_always_in_stock: p.isAlwaysInStock,
    image_url: imageUrl(p.imageId, 'large'),
    image_small_url: imageUrl(p.imageId, 'small'),
    attributes: { weight: productText(p, 'weight', lang), origin: productText(p, 'origin', lang) },
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  }
  if (staff) {
    view.retail_buying_price = p.retailBuyingPrice
    view.wholesale_buying_price = p.wholesaleBuyingPrice
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

/** A stored product as the raw fields of ProductInput, so that an update can send only what changes. */
export function toProductFields(p: ProductRow): Record<string, unknown> {
  return {
    sku: p.sku,
    name_ar: p.name,
    name_en: ownTranslation(p.translations, 'en', 'name') ?? '',
    description_ar: p.description,
    description_en: ownTranslation(p.translations, 'en', 'description') ?? '',
    category_id: p.categoryId,
    price: p.retailPrice,
    wholesale_price: p.wholesalePrice,
    wholesale_threshold: p.wholesaleThreshold,
    retail_buying_price: p.retailBuyingPrice,
    wholesale_buying_price: p.wholesaleBuyingPrice,
    stock: p.stock,
    is_active: p.isActive,
    is_always_in_stock: p.isAlwaysInStock,
    weight_ar: p.attributes?.weight ?? '',
    weight_en: ownTranslation(p.translations, 'en', 'weight') ?? '',
    origin_ar: p.attributes?.origin ?? '',
    origin_en: ownTranslation(p.translations, 'en', 'origin') ?? '',
  }
}

/** Validated product fields (admin form or CSV row) as table columns: one mapping for every writer. */
export const productColumns = (input: ProductInput) => ({
  sku: input.sku,
  name: input.name_ar,
  description: input.description_ar,
  categoryId: input.category_id,
  retailPrice: input.price,
  wholesalePrice: input.wholesale_price,
  wholesaleThreshold: input.wholesale_threshold,
  retailBuyingPrice: input.retail_buying_price,
  wholesaleBuyingPrice: input.wholesale_buying_price,
  stock: input.stock,
  isActive: input.is_active,
  isAlwaysInStock: input.is_always_in_stock,
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
