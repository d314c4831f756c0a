import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Paginated } from '@shop/shared/schemas/common'
import type { ImportResult } from '@shop/shared/schemas/imports'
import type { Product, ProductInput, Variant } from '@shop/shared/schemas/product'
import type { Category } from '@shop/shared/schemas/category'
import type { Setting } from '@shop/shared/schemas/setting'
import type { ListParams } from '../../../components/data-list/use-data-list.ts'
import { api, downloadFile, uploadFile } from '../../../lib/api-client.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

const productKeys = dashboardKeys.products

export const productListQuery = (p: ListParams) =>
  queryOptions({
    queryKey: productKeys.list(p),
    queryFn: ({ signal }) =>
      api<Paginated<Product>>('/api/products', {
        query: { search: p.search.trim(), page: p.page, per_page: p.per_page },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export const productDetailQuery = (id: number) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => api<Product>(`/api/products/${id}`, { signal }),
    retry: false,
    // The form always starts from the product as the server has it now, never from a cached copy.
    staleTime: 0,
    gcTime: 0,
  })

/**
 * Decision 0155: the shop's low-stock alert level (`low_stock_threshold`, Settings → notifications), which the list
 * uses to mark low packs; read from the settings list (its cache is the settings screen's).
 */
export const lowStockQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.settings.list(),
    queryFn: async ({ signal }): Promise<Setting[]> =>
      (await api<{ data: Setting[] }>('/api/settings', { signal })).data ?? [],
    select: (settings: Setting[]) => {
      const value = Number(settings.find((s) => s.key === 'low_stock_threshold')?.value)
      return Number.isFinite(value) ? value : undefined
    },
    retry: false,
  })

export const categoryOptionsQuery = () =>
  queryOptions({
    queryKey: productKeys.categoryOptions(),
    queryFn: ({ signal }) =>
      api<{ data: Category[] }>('/api/categories', { signal }).then((r) => r.data ?? []),
  })

/**
 * Multipart body for POST /api/products(/:id): nulls travel as empty strings, which the shared schema reads as null;
 * `variants` (decision 0150) is one field holding the packs as a JSON array.
 */
export function productFormData(values: ProductInput, image: File | null, methodOverride?: 'PUT'): FormData {
  const fd = new FormData()
  for (const [key, value] of Object.entries(values)) {
    if (key === 'variants') {
      if (value !== undefined) fd.append(key, JSON.stringify(value))
      continue
    }
    fd.append(key, value === null || value === undefined ? '' : String(value))
  }
  if (image) fd.append('image', image)
  if (methodOverride) fd.append('_method', methodOverride)
  return fd
}

export const createProduct = (values: ProductInput, image: File | null) =>
  api<Product>('/api/products', { method: 'POST', body: productFormData(values, image) })

/** product.md §7: JSON PUT without a new image; multipart POST with `_method=PUT` when an image is attached. */
export const updateProduct = (id: number, values: ProductInput, image: File | null) =>
  image
    ? api<Product>(`/api/products/${id}`, { method: 'POST', body: productFormData(values, image, 'PUT') })
    : api<Product>(`/api/products/${id}`, { method: 'PUT', body: values })

export const setProductStatus = (id: number, is_active: boolean) =>
  api<Product>(`/api/products/${id}/status`, { method: 'PATCH', body: { is_active } })
/** product.md §10.4: the stock of the product's default pack, or of the pack `variantId` (decision 0150). */
export const setProductStock = (id: number, stock: number, variantId?: number) =>
  api<Product>(`/api/products/${id}/stock`, {
    method: 'PATCH',
    body: variantId === undefined ? { stock } : { variant_id: variantId, stock },
  })

/**
 * Decision 0155: a batch stock change reaches each pack on sale of the product that `which` picks (one call per pack,
 * the API sets one pack at a time); a product from before packs is one call for the product.
 */
export async function setPacksStock(p: Product, stock: number, which: (v: Variant) => boolean = () => true) {
  const packs = (p.variants ?? []).filter((v) => v.is_active && which(v))
  if (!p.variants?.length) return setProductStock(p.id, stock)
  for (const v of packs) await setProductStock(p.id, stock, v.id)
}
export const deleteProduct = (id: number) => api<void>(`/api/products/${id}`, { method: 'DELETE' })

export const importProducts = (file: File) => uploadFile<ImportResult>('/api/products/import', file)
export const downloadProductSample = () => downloadFile('/api/products/import/sample', 'products_sample.csv')
