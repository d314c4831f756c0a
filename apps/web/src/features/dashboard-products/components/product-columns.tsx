import type { TFunction } from 'i18next'
import { History } from 'lucide-react'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import type { Product, Variant } from '@shop/shared/schemas/product'
import { Badge } from '../../../components/ui/badge.tsx'
import { actionsColumn, activeColumn, EditDeleteButtons } from '../../../components/data-list/columns.tsx'
import type { DataColumn } from '../../../components/data-list/data-table.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { EnglishMissing } from '../../../components/ui/translated-fields.tsx'

/** Decision 0155: the packs a list row counts: its active ones (what the shop sells). */
export const sellingPacks = (p: Product): Variant[] => (p.variants ?? []).filter((v) => v.is_active)

/** Decision 0155: the units on hand over the product's active packs (a row from before packs: its own stock). */
export const totalStock = (p: Product): number =>
  p.variants?.length ? sellingPacks(p).reduce((sum, v) => sum + Math.max(0, v.stock), 0) : p.stock

/** A product with a pack on sale at 0 (a row from before packs: its own stock at 0). */
export const hasPackAtZero = (p: Product): boolean =>
  p.variants?.length ? sellingPacks(p).some((v) => v.stock <= 0) : p.stock <= 0

/** The low-stock setting's default (settings: `low_stock_threshold`), while the shop's own is not read yet. */
export const DEFAULT_LOW_STOCK = 5

/** Decision 0057: the texts every product has in Arabic, marked in the list while English is missing. */
export const missesEnglish = (p: Product) => p.name_en === null || p.description_en === null

export interface ProductColumnHandlers {
  /** The active pill's toggle; busy while the row's toggle or a batch on it runs. */
  toggle: { busy(p: Product): boolean; run(p: Product): void }
  onEdit(p: Product): void
  onDelete(p: Product): void
  /** Issue 30: adjust stock with a reason and see its history. */
  onStock(p: Product): void
  /** A pack at or below this stock is shown as low (the shop's low-stock alert setting). */
  lowStock: number
}

/** One chip per pack: its name and stock, red when out, honey when low, greyed when not on sale. */
function PackChips({ p, t, lowStock }: { p: Product; t: TFunction<'dashboard'>; lowStock: number }) {
  return (
    <ul className="flex max-w-xs flex-wrap gap-1" aria-label={t('products.sizes')}>
      {p.variants.map((v, i) => {
        const size = v.label || t('products.size_n', { n: i + 1 })
        const [tone, text] =
          v.stock <= 0
            ? (['red', t('products.size_out', { size })] as const)
            : v.is_always_in_stock
              ? (['palm', t('products.size_always', { size })] as const)
              : v.stock <= lowStock
                ? (['honey', t('products.size_low', { size, n: v.stock })] as const)
                : (['gray', t('products.size_stock', { size, n: v.stock })] as const)
        return (
          <li key={v.id}>
            <Badge
              tone={tone}
              className={v.is_active ? 'whitespace-nowrap' : 'whitespace-nowrap line-through opacity-60'}
            >
              <bdi>{v.is_active ? text : t('products.size_inactive', { size: text })}</bdi>
            </Badge>
          </li>
        )
      })}
    </ul>
  )
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
          {new Set(sellingPacks(p).map((v) => v.price)).size > 1 ? (
            <p className="font-semibold text-date-700">
              {t('products.price_from')} <Money value={p.price_from} />
            </p>
          ) : (
            <Money value={p.retail_price ?? p.price} className="font-semibold text-date-700" />
          )}
          {p.wholesale_price !== null && p.wholesale_threshold !== null ? (
            <p className="text-xs text-honey-800">
              <Money value={p.wholesale_price} /> · <span className="ltr-nums">{p.wholesale_threshold}+</span>
            </p>
          ) : null}
        </div>
      ),
    },
    {
      id: 'sizes',
      header: t('products.sizes'),
      cell: (p) =>
        (p.variants?.length ?? 0) > 1 ? (
          <div className="space-y-1">
            <p className="text-xs font-semibold text-stone-600">
              {t('products.sizes_count', { count: p.variants.length })}
            </p>
            <PackChips p={p} t={t} lowStock={h.lowStock} />
          </div>
        ) : (
          <span className="whitespace-nowrap text-stone-500">{t('products.sizes_count', { count: 1 })}</span>
        ),
    },
    {
      id: 'stock',
      header: t('products.stock'),
      cell: (p) =>
        (p.variants?.length ?? 0) > 1 ? (
          // Decision 0155: several packs show their total on hand; each pack's own stock is in the sizes column.
          // On a phone's card the total wraps inside its column (in Arabic it is wider than the column).
          <Badge tone={totalStock(p) <= 0 ? 'red' : 'green'} className="max-w-full sm:whitespace-nowrap">
            {t('products.total_stock', { count: totalStock(p) })}
          </Badge>
        ) : // product.md §4.5: in stock when stock is above 0; an always-in-stock product at 0 is out of stock too.
        p.stock <= 0 ? (
          <Badge tone="red" className="whitespace-nowrap">
            {t('products.out_of_stock')}
          </Badge>
        ) : p.is_always_in_stock ? (
          <Badge tone="palm" className="whitespace-nowrap">
            {t('products.always_in_stock')}
          </Badge>
        ) : (
          <Badge tone={p.stock <= h.lowStock ? 'honey' : 'green'} className="whitespace-nowrap">
            {t('products.in_stock_count', { count: p.stock })}
          </Badge>
        ),
    },
    activeColumn<Product>(t, t('products.status'), h.toggle),
    actionsColumn<Product>(t, (p) => (
      <>
        <IconButton
          label={t('stock.open', { name: p.name })}
          icon={<History aria-hidden="true" />}
          onClick={() => h.onStock(p)}
        />
        <EditDeleteButtons
          editLabel={t('products.edit_named', { name: p.name })}
          deleteLabel={t('products.delete_named', { name: p.name })}
          onEdit={() => h.onEdit(p)}
          onDelete={() => h.onDelete(p)}
        />
      </>
    )),
  ]
}
