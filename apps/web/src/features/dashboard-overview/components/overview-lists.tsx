import { AlertTriangle } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { DashboardStats } from '@shop/shared/schemas/dashboard'
import { DataTable, type DataColumn } from '../../../components/data-list/data-table.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx'
import { cn } from '../../../lib/cn.ts'
import type { TopVariant } from '../api/overview-api.ts'

export function Panel({
  title,
  titleClass,
  children,
  className,
}: {
  title: ReactNode
  titleClass?: string
  children: ReactNode
  className?: string
}) {
  return (
    <section
      className={cn(
        'rounded-[var(--radius-card)] border border-sand-300 bg-white p-5 shadow-[var(--shadow-soft)]',
        className,
      )}
    >
      <h2 className={cn('mb-4 text-lg font-bold text-stone-900', titleClass)}>{title}</h2>
      {children}
    </section>
  )
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-md bg-sand-100 px-4 py-6 text-center text-sm text-stone-600">{children}</p>
}

/**
 * product.md §2.15: top products, rank #1, #2…, name, quantity sold and revenue. Decision 0159: when the API counts
 * them per pack too, a switch shows the top sizes instead ("product – size", with the SKU).
 */
export function TopProducts({
  items,
  variants,
}: {
  items: DashboardStats['top_products']
  variants?: TopVariant[]
}) {
  const { t } = useTranslation('dashboard')
  const [bySize, setBySize] = useState(false)
  const rows =
    bySize && variants
      ? variants.map((v) => ({
          key: `v-${v.variant_id ?? 'x'}-${v.product_id ?? 'x'}`,
          name: v.variant_label ? `${v.product.name} – ${v.variant_label}` : v.product.name,
          sku: v.sku,
          quantity: v.total_quantity,
          revenue: v.total_revenue,
        }))
      : items.map((p) => ({
          key: `p-${p.product_id ?? 'x'}`,
          name: p.product.name,
          sku: null,
          quantity: p.total_quantity,
          revenue: p.total_revenue,
        }))
  return (
    <Panel title={t('overview.top_products')}>
      {variants ? (
        <div role="group" aria-label={t('overview.top_by')} className="-mt-2 mb-3 flex gap-1">
          {([false, true] as const).map((size) => (
            <button
              key={String(size)}
              type="button"
              aria-pressed={bySize === size}
              onClick={() => setBySize(size)}
              className={cn(
                'rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-sand-300',
                bySize === size ? 'bg-palm-700 text-white ring-palm-700' : 'bg-white text-stone-700',
              )}
            >
              {size ? t('overview.by_size') : t('overview.by_product')}
            </button>
          ))}
        </div>
      ) : null}
      {rows.length === 0 ? (
        <Empty>{t('overview.no_top_products')}</Empty>
      ) : (
        <ol className="divide-y divide-sand-200">
          {rows.map((p, i) => (
            <li key={`${p.key}-${i}`} className="flex items-center gap-3 py-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-honey-100 text-sm font-bold text-honey-800 ltr-nums">
                #{i + 1}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-stone-900">
                  <bdi>{p.name}</bdi>
                </p>
                <p className="text-sm text-stone-600">
                  {t('overview.sold', { count: p.quantity })}
                  {p.sku ? (
                    <>
                      {' · '}
                      <bdi>{t('overview.sku_of', { sku: p.sku })}</bdi>
                    </>
                  ) : null}
                </p>
              </div>
              <Money value={p.revenue} className="font-bold text-date-700" />
            </li>
          ))}
        </ol>
      )}
    </Panel>
  )
}

/** product.md §2.15: low-stock alerts titled in red; name, price and "N left". */
type LowStockRow = DashboardStats['low_stock_products'][number] & {
  variant_id?: number
  variant_label?: string
}

export function LowStock({ items }: { items: LowStockRow[] }) {
  const { t } = useTranslation('dashboard')
  return (
    <Panel
      title={
        <span className="flex items-center gap-2">
          <AlertTriangle className="size-5" aria-hidden="true" />
          {t('overview.low_stock')}
        </span>
      }
      titleClass="text-red-700"
    >
      {items.length === 0 ? (
        <Empty>{t('overview.no_low_stock')}</Empty>
      ) : (
        <ul className="divide-y divide-sand-200">
          {items.map((p) => (
            // Decision 0150: one row per low pack, named "product – size" when the pack has a label.
            <li key={`${p.id}-${p.variant_id ?? ''}`} className="flex items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-stone-900">
                  <bdi>{p.variant_label ? `${p.name} – ${p.variant_label}` : p.name}</bdi>
                </p>
                <Money value={p.price} className="text-sm text-date-700" />
              </div>
              <Badge tone={p.stock <= 0 ? 'red' : 'amber'}>{t('overview.left', { count: p.stock })}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}

type RecentOrder = DashboardStats['recent_orders'][number]

/** product.md §2.15: the last 5 orders whatever the dates (#id, customer, amount, status). */
export function RecentOrders({ items }: { items: DashboardStats['recent_orders'] }) {
  const { t } = useTranslation('dashboard')
  const columns: DataColumn<RecentOrder>[] = [
    {
      id: 'id',
      header: t('orders.order'),
      card: 'title',
      cell: (o) => <span className="ltr-nums">#{o.id}</span>,
    },
    { id: 'customer', header: t('orders.customer'), card: 'subtitle', cell: (o) => o.customer_name },
    { id: 'amount', header: t('orders.amount'), cell: (o) => <Money value={o.total_amount} /> },
    {
      id: 'status',
      header: t('orders.status'),
      card: 'status',
      cell: (o) => <OrderStatusBadge status={o.order_status} />,
    },
  ]
  return (
    // The rows of a dashboard list: a table from 640 px, cards on a phone (decision 0087).
    <section aria-labelledby="recent-orders-title">
      <h2 id="recent-orders-title" className="mb-3 text-lg font-bold text-stone-900">
        {t('overview.recent_orders')}
      </h2>
      {items.length === 0 ? (
        <Empty>{t('overview.no_recent_orders')}</Empty>
      ) : (
        <DataTable
          rows={items}
          getRowId={(o) => o.id}
          caption={t('overview.recent_orders')}
          columns={columns}
        />
      )}
    </section>
  )
}
