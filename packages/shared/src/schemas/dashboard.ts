import { z } from 'zod'
import { dateString } from './common.ts'

export const DashboardStats = z.object({
  total_revenue: z.number(),
  total_orders: z.number().int(),
  average_order_value: z.number(),
  total_users: z.number().int(),
  total_profit: z.number(),
  total_products: z.number().int(),
  top_products: z.array(
    z.object({
      product_id: z.number().int().nullable(),
      product: z.object({ name: z.string() }),
      total_quantity: z.number().int(),
      total_revenue: z.number(),
    }),
  ),
  low_stock_products: z.array(
    z.object({
      /** The product's id; the low pack is `variant_id` (decision 0150), its label '' when unnamed. */
      id: z.number().int(),
      variant_id: z.number().int().optional(),
      variant_label: z.string().optional(),
      name: z.string(),
      price: z.number(),
      stock: z.number().int(),
    }),
  ),
  recent_orders: z.array(
    z.object({
      id: z.number().int(),
      order_number: z.string(),
      customer_name: z.string(),
      total_amount: z.number(),
      order_status: z.string(),
    }),
  ),
})
export type DashboardStats = z.infer<typeof DashboardStats>

export const RevenueResponse = z.object({ data: z.array(z.object({ date: z.string(), amount: z.number() })) })
export type RevenueResponse = z.infer<typeof RevenueResponse>

/** Days in a dashboard range, both ends included (a year, leap years too). */
export const MAX_RANGE_DAYS = 366

/** GET /api/dashboard/stats|revenue: from ≤ to and at most 366 days; both default to the current month. */
export const DashboardRangeQuery = z
  .object({ from: dateString.optional(), to: dateString.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'validation.date_range_invalid',
    path: ['from'],
  })
  .refine(
    (q) =>
      !q.from ||
      !q.to ||
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 < MAX_RANGE_DAYS,
    {
      message: 'validation.date_range_too_long',
      path: ['to'],
    },
  )
export type DashboardRangeQuery = z.infer<typeof DashboardRangeQuery>
