import { z } from 'zod'
import { dateString } from './common.ts'

/**
 * Decision 0229: every money figure counts the completed orders of the range (revenue = Σ total net of discounts,
 * average = revenue ÷ completed orders, collected = the revenue of those paid); the sales report, its CSV and the
 * offers list read the same orders. `total_orders` is the spec's count of every order placed in the range, whatever
 * its status; `completed_orders` the count the money figures are based on.
 */
export const DashboardStats = z.object({
  total_revenue: z.number(),
  total_orders: z.number().int(),
  /** Decision 0229: the completed orders of the range, the basis of every money figure. */
  completed_orders: z.number().int(),
  average_order_value: z.number(),
  /** Decision 0229: Σ discount of the completed orders (items and delivery), already taken out of the revenue. */
  total_discounts: z.number(),
  /** Decision 0229: the revenue of the completed orders whose payment is recorded as paid (decision 0132). */
  total_collected: z.number(),
  total_users: z.number().int(),
  /** Decision 0216: only for staff with costs.view (the spec's field; absent, the dashboard hides its card). */
  total_profit: z.number().optional(),
  total_products: z.number().int(),
  top_products: z.array(
    z.object({
      product_id: z.number().int().nullable(),
      product: z.object({ name: z.string() }),
      total_quantity: z.number().int(),
      total_revenue: z.number(),
    }),
  ),
  /**
   * Decision 0159: the same top five counted per pack sold, only with `?by=variant`. The label and SKU are the pack's
   * now (in the reader's language), or as sold when the pack was removed ('' for an unnamed pack).
   */
  top_variants: z
    .array(
      z.object({
        product_id: z.number().int().nullable(),
        variant_id: z.number().int().nullable(),
        product: z.object({ name: z.string() }),
        variant_label: z.string(),
        sku: z.string().nullable(),
        total_quantity: z.number().int(),
        total_revenue: z.number(),
      }),
    )
    .optional(),
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

const rangeFields = { from: dateString.optional(), to: dateString.optional() }

/** from ≤ to and at most 366 days. */
const checkRange = <T extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>>(schema: T) =>
  schema
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

/** GET /api/dashboard/revenue: from ≤ to and at most 366 days; both default to the current month. */
export const DashboardRangeQuery = checkRange(z.object(rangeFields))
export type DashboardRangeQuery = z.infer<typeof DashboardRangeQuery>

/** How the top sellers are counted: per product (always given) and, with `variant`, also per pack (decision 0159). */
export const TOP_BY = ['product', 'variant'] as const

/** GET /api/dashboard/stats: the range, and `by=variant` to add `top_variants`. */
export const DashboardStatsQuery = checkRange(
  z.object({
    ...rangeFields,
    by: z.enum(TOP_BY, { error: 'validation.invalid' }).default('product'),
  }),
)
export type DashboardStatsQuery = z.infer<typeof DashboardStatsQuery>
