import { queryOptions } from '@tanstack/react-query'
import type { DashboardStats, RevenueResponse } from '@shop/shared/schemas/dashboard'
import { api } from '../../../lib/api-client.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

export interface DateRange {
  from: string
  to: string
}

const overviewKeys = dashboardKeys.overview

// product.md §1.3: numbers may arrive as strings and are parsed.
const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : Number(v)
  return Number.isFinite(n) ? n : 0
}
type Loose = Record<string, unknown>
const list = (v: unknown): Loose[] => (Array.isArray(v) ? (v as Loose[]) : [])

/** Decision 0159: the top sellers counted per pack sold (`?by=variant`); absent from an API that does not count them. */
export interface TopVariant {
  product_id: number | null
  variant_id: number | null
  product: { name: string }
  variant_label: string
  sku: string | null
  total_quantity: number
  total_revenue: number
}

export function parseStats(raw: Loose): DashboardStats & { top_variants?: TopVariant[] } {
  return {
    ...(Array.isArray(raw.top_variants)
      ? {
          top_variants: list(raw.top_variants).map((p) => ({
            product_id: p.product_id === null || p.product_id === undefined ? null : num(p.product_id),
            variant_id: p.variant_id === null || p.variant_id === undefined ? null : num(p.variant_id),
            product: { name: String((p.product as Loose | undefined)?.name ?? '') },
            variant_label: String(p.variant_label ?? ''),
            sku: p.sku === null || p.sku === undefined ? null : String(p.sku),
            total_quantity: num(p.total_quantity),
            total_revenue: num(p.total_revenue),
          })),
        }
      : {}),
    total_revenue: num(raw.total_revenue),
    total_orders: num(raw.total_orders),
    // An older answer without the count: the money figures' basis is unknown, shown as the orders.
    completed_orders: num(raw.completed_orders ?? raw.total_orders),
    average_order_value: num(raw.average_order_value),
    total_discounts: num(raw.total_discounts),
    total_collected: num(raw.total_collected),
    total_users: num(raw.total_users),
    // Decision 0216: absent for staff without costs.view (the screen leaves its card out).
    ...(raw.total_profit === undefined ? {} : { total_profit: num(raw.total_profit) }),
    total_products: num(raw.total_products),
    top_products: list(raw.top_products).map((p) => ({
      product_id: p.product_id === null || p.product_id === undefined ? null : num(p.product_id),
      product: { name: String((p.product as Loose | undefined)?.name ?? '') },
      total_quantity: num(p.total_quantity),
      total_revenue: num(p.total_revenue),
    })),
    low_stock_products: list(raw.low_stock_products).map((p) => ({
      id: num(p.id),
      // Decision 0150: each row is a pack of the product; its label '' when the pack is unnamed.
      ...(p.variant_id === undefined || p.variant_id === null ? {} : { variant_id: num(p.variant_id) }),
      variant_label: String(p.variant_label ?? ''),
      name: String(p.name ?? ''),
      price: num(p.price),
      stock: num(p.stock),
    })),
    recent_orders: list(raw.recent_orders).map((o) => ({
      id: num(o.id),
      order_number: String(o.order_number ?? o.id ?? ''),
      customer_name: String(o.customer_name ?? ''),
      total_amount: num(o.total_amount),
      order_status: String(o.order_status ?? 'pending'),
    })),
  }
}

export const statsQuery = (range: DateRange) =>
  queryOptions({
    queryKey: overviewKeys.stats(range),
    queryFn: async ({ signal }) =>
      // Decision 0159: also the top sellers per pack, which the overview can show instead of per product.
      parseStats(await api<Loose>('/api/dashboard/stats', { query: { ...range, by: 'variant' }, signal })),
  })

export const revenueQuery = (range: DateRange) =>
  queryOptions({
    queryKey: overviewKeys.revenue(range),
    queryFn: async ({ signal }): Promise<RevenueResponse> => {
      const raw = await api<{ data?: unknown }>('/api/dashboard/revenue', { query: { ...range }, signal })
      return { data: list(raw?.data).map((r) => ({ date: String(r.date ?? ''), amount: num(r.amount) })) }
    },
  })
