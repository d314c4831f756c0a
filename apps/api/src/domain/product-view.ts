import type { Product, ProductInput } from '@shop/shared/schemas/product'
import type { products } from '../db/schema/catalog.ts'
import { imageUrl } from './images.ts'

export type ProductRow = typeof products.$inferSelect
export interface ProductWithCategory {
  product: ProductRow
  category: { id: number; name: string } | null
}

/**
 * The API's Product (packages/shared/src/schemas/product.ts). `price` and `retail_price` both carry the
 * retail price (SPEC §3 reads either); buying prices only for staff (docs/api.md).
 */
export function toProduct({ product: p, category }: ProductWithCategory, staff: boolean): Product {
  const view: Product = {
    id: p.id,
    name: p.name,
    description: p.description,
    category_id: p.categoryId,
    category: category && category.id !== null ? { id: category.id, name: category.name } : null,
    price: p.retailPrice,
    retail_price: p.retailPrice,
    wholesale_price: p.wholesalePrice,
    wholesale_threshold: p.wholesaleThreshold,
    stock: p.stock,
    is_active: p.isActive,
    is_always_in_stock: p.isAlwaysInStock,
    image_url: imageUrl(p.imageId, 'large'),
    image_small_url: imageUrl(p.imageId, 'small'),
    attributes: { weight: p.attributes?.weight || null, origin: p.attributes?.origin || null },
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  }
  if (staff) {
    view.retail_buying_price = p.retailBuyingPrice
    view.wholesale_buying_price = p.wholesaleBuyingPrice
  }
  return view
}

/** A stored product as the raw fields of ProductInput, so that an update can send only what changes. */
export function toProductFields(p: ProductRow): Record<string, unknown> {
  return {
    name: p.name,
    description: p.description,
    category_id: p.categoryId,
    price: p.retailPrice,
    wholesale_price: p.wholesalePrice,
    wholesale_threshold: p.wholesaleThreshold,
    retail_buying_price: p.retailBuyingPrice,
    wholesale_buying_price: p.wholesaleBuyingPrice,
    stock: p.stock,
    is_active: p.isActive,
    is_always_in_stock: p.isAlwaysInStock,
    weight: p.attributes?.weight ?? '',
    origin: p.attributes?.origin ?? '',
  }
}

/** Validated product fields (admin form or CSV row) as table columns: one mapping for every writer. */
export const productColumns = (input: Omit<ProductInput, 'description'> & { description: string }) => ({
  name: input.name,
  description: input.description,
  categoryId: input.category_id,
  retailPrice: input.price,
  wholesalePrice: input.wholesale_price,
  wholesaleThreshold: input.wholesale_threshold,
  retailBuyingPrice: input.retail_buying_price,
  wholesaleBuyingPrice: input.wholesale_buying_price,
  stock: input.stock,
  isActive: input.is_active,
  isAlwaysInStock: input.is_always_in_stock,
  attributes: { weight: input.weight || null, origin: input.origin || null },
})
