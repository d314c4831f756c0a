import { z } from 'zod'

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
  low_stock_products: z.array(z.object({ id: z.number().int(), name: z.string(), price: z.number(), stock: z.number().int() })),
  recent_orders: z.array(
    z.object({ id: z.number().int(), order_number: z.string(), customer_name: z.string(), total_amount: z.number(), order_status: z.string() }),
  ),
})
export type DashboardStats = z.infer<typeof DashboardStats>

export const RevenueResponse = z.object({ data: z.array(z.object({ date: z.string(), amount: z.number() })) })
export type RevenueResponse = z.infer<typeof RevenueResponse>

export const SalesRow = z.object({
  id: z.number().int(),
  order_number: z.string(),
  customer_name: z.string(),
  created_at: z.string(),
  total_amount: z.number(),
  profit: z.number(),
})
export const SalesResponse = z.object({
  data: z.array(SalesRow),
  totals: z.object({ total_amount: z.number(), profit: z.number(), count: z.number().int() }),
})
export type SalesResponse = z.infer<typeof SalesResponse>
