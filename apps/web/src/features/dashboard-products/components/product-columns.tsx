import type { TFunction } from 'i18next'
import type { Product } from '@shop/shared/schemas/product'
import { Badge } from '../../../components/ui/badge.tsx'
import { actionsColumn, activeColumn, EditDeleteButtons } from '../../../components/data-list/columns.tsx'
import type { DataColumn } from '../../../components/data-list/data-table.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { EnglishMissing } from '../../../components/ui/translated-fields.tsx'

/** Decision 0057: the texts every product has in Arabic, marked in the list while English is missing. */
export const missesEnglish = (p: Product) => p.name_en === null || p.description_en === null

export interface ProductColumnHandlers {
  /** The active pill's toggle; busy while the row's toggle or a batch on it runs. */
  toggle: { busy(p: Product): boolean; run(p: Product): void }
  onEdit(p: Product): void
  onDelete(p: Product): void
}

/** The products list's columns (product.md §2.16); on a phone's card the product is the heading. */
export function productColumns(t: TFunction<'dashboard'>, h: ProductColumnHandlers): DataColumn<Product>[] {
  return [
    {
      id: 'product',
      header: t('products.product'),
      className: 'min-w-64',
      card: 'title',
      cell: (p) => (
        <div className="flex items-center gap-3">
          <img
            src={p.image_small_url ?? p.image_url ?? '/product-fallback.svg'}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            className="size-12 shrink-0 rounded-lg border border-sand-200 bg-sand-100 object-cover"
            onError={(e) => {
              e.currentTarget.src = '/product-fallback.svg'
            }}
          />
          <div className="min-w-0">
            <p className="font-semibold text-stone-900">
              <bdi>{p.name}</bdi>
            </p>
            <p className="line-clamp-1 max-w-xs text-xs text-stone-500">
              <bdi>{p.description}</bdi>
            </p>
            {missesEnglish(p) ? <EnglishMissing className="mt-1" /> : null}
          </div>
        </div>
      ),
    },
    {
      id: 'category',
      header: t('products.category'),
      cell: (p) =>
        p.category?.name ? (
          p.category.name
        ) : (
          <span className="text-stone-500">{t('products.no_category')}</span>
        ),
    },
    {
      id: 'price',
      header: t('products.price'),
      cell: (p) => (
        <div className="whitespace-nowrap">
          <Money value={p.retail_price ?? p.price} className="font-semibold text-date-700" />
          {p.wholesale_price !== null && p.wholesale_threshold !== null ? (
            <p className="text-xs text-honey-800">
              <Money value={p.wholesale_price} /> · <span className="ltr-nums">{p.wholesale_threshold}+</span>
            </p>
          ) : null}
        </div>
      ),
    },
    {
      id: 'stock',
      header: t('products.stock'),
      cell: (p) =>
        // product.md §4.5: in stock when stock is above 0; an always-in-stock product at 0 is out of stock too.
        p.stock <= 0 ? (
          <Badge tone="red" className="whitespace-nowrap">
            {t('products.out_of_stock')}
          </Badge>
        ) : p.is_always_in_stock ? (
          <Badge tone="palm" className="whitespace-nowrap">
            {t('products.always_in_stock')}
          </Badge>
        ) : (
          <Badge tone="green" className="whitespace-nowrap">
            {t('products.in_stock_count', { count: p.stock })}
          </Badge>
        ),
    },
    activeColumn<Product>(t, t('products.status'), h.toggle),
    actionsColumn<Product>(t, (p) => (
      <EditDeleteButtons
        editLabel={t('products.edit_named', { name: p.name })}
        deleteLabel={t('products.delete_named', { name: p.name })}
        onEdit={() => h.onEdit(p)}
        onDelete={() => h.onDelete(p)}
      />
    )),
  ]
}
