import { useTranslation } from 'react-i18next'

/** A product's stock as the storefront says it (product.md §2.5): out of stock, in stock (always), or how many are left. */
export function StockLine({
  product,
  className,
}: {
  product: { stock: number; is_always_in_stock: boolean }
  className?: string
}) {
  const { t } = useTranslation('storefront')
  const outOfStock = product.stock <= 0
  return (
    // No class merging here (tailwind-merge stays off the storefront's first screen): `className` only adds.
    <p className={`${outOfStock ? 'font-semibold text-red-700' : 'text-palm-700'} ${className ?? ''}`}>
      {outOfStock
        ? t('product.out_of_stock')
        : product.is_always_in_stock
          ? t('product.in_stock')
          : t('product.stock_count', { count: product.stock })}
    </p>
  )
}
