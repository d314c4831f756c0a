import { sql } from 'drizzle-orm'
import { translatedText, type Translations } from '@shop/shared/i18n/content'
import type { Language } from '@shop/shared/i18n/messages'
import type {
  DashboardRangeQuery,
  DashboardStats,
  DashboardStatsQuery,
  RevenueResponse,
} from '@shop/shared/schemas/dashboard'
import { rowsOf, type DbOrTx } from '../../db/client.ts'
import { lowStockThreshold } from '../../domain/low-stock.ts'
import { currentMonth, shopTimezone } from '../../lib/shop-time.ts'

const num = (v: unknown) => Number(v ?? 0)
const money = (v: unknown) => Math.round(num(v) * 100) / 100

/** First and last day of the month of a YYYY-MM-DD date. */
function monthOf(date: string) {
  const [y, m] = date.split('-').map(Number) as [number, number]
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return { from: `${date.slice(0, 7)}-01`, to: `${date.slice(0, 7)}-${String(last).padStart(2, '0')}` }
}

/**
 * product.md §2.15, §10.10: the range defaults to the current month in the shop's time zone. A lone end keeps its
 * own month, so a default never breaks the from ≤ to and 366-day rules the schema checks.
 */
export async function resolveRange(db: DbOrTx, q: DashboardRangeQuery) {
  const tz = await shopTimezone(db)
  if (q.from && q.to) return { tz, from: q.from, to: q.to }
  if (q.from) return { tz, from: q.from, to: monthOf(q.from).to }
  if (q.to) return { tz, from: monthOf(q.to).from, to: q.to }
  return { tz, ...currentMonth(tz) }
}

/** created_at (of orders `o`, or another alias) within the whole days from..to of the shop's time zone. */
const inRange = (tz: string, from: string, to: string, column = sql`o.created_at`) =>
  sql`${column} >= (${from}::date)::timestamp AT TIME ZONE ${tz} AND ${column} < (${to}::date + 1)::timestamp AT TIME ZONE ${tz}`

/**
 * Decision 0130: who bought, as one key per buyer: the account for a signed-in shopper's orders, else the phone as an
 * international number (0912345678, +218 91 234 5678 and 00218912345678 are one guest; shared/orders/phone.ts
 * `internationalNumber` is the same rule).
 */
const phoneDigits = sql`regexp_replace(o.customer_phone, '[^0-9]', '', 'g')`
const buyerKey = sql`coalesce('u' || o.user_id::text, 'p' || (case
  when ${phoneDigits} like '00%' then substr(${phoneDigits}, 3)
  when ${phoneDigits} ~ '^09[0-9]{8}$' then '218' || substr(${phoneDigits}, 2)
  when ${phoneDigits} ~ '^9[1-6][0-9]{7}$' then '218' || ${phoneDigits}
  else ${phoneDigits} end))`

/**
 * Decision 0229 (product.md §10.5): one basis for every money figure, the completed orders of the range: revenue is
 * their Σ total (net of discounts), `completed_orders` their count, the average revenue ÷ completed orders, discounts their Σ discount,
 * collected the revenue of those paid, profit (costs.view, decision 0216) their margin. The sales report
 * (`/api/orders?status=completed` totals), its CSV and the offers list read the same orders. Customers counts the
 * distinct buyers of the range's orders that were not cancelled (decision 0130).
 */
export async function dashboardStats(
  db: DbOrTx,
  q: DashboardStatsQuery,
  lang: Language,
): Promise<DashboardStats> {
  const [{ tz, from, to }, threshold] = await Promise.all([resolveRange(db, q), lowStockThreshold(db)])
  const range = inRange(tz, from, to)
  // The five reads are independent; on PostgreSQL they run on separate pool connections at once (performance.md).
  const [sumRows, countRows, topRows, lowRows, recentRows, topVariants] = await Promise.all([
    db.execute(sql`
      select coalesce(sum(o.total_amount) filter (where o.order_status = 'completed'), 0) as revenue,
             coalesce(sum(o.subtotal - o.discount_total - o.total_cost - o.courier_fee) filter (where o.order_status = 'completed'), 0) as profit,
             coalesce(sum(o.discount_total) filter (where o.order_status = 'completed'), 0) as discounts,
             coalesce(sum(o.total_amount) filter (where o.order_status = 'completed' and o.payment_status = 'paid'), 0) as collected,
             count(*) filter (where o.order_status = 'completed') as completed,
             count(*) as all_orders,
             count(distinct ${buyerKey}) filter (where o.order_status <> 'cancelled') as customers
      from orders o where ${range}`),
    db.execute(sql`select (select count(*) from products where archived_at is null) as products`),
    // Completed lines are mirrored with their order's date (migration 0005, performance.md), so this reads one
    // narrow index: aggregate on the product id (hash aggregate, integer sums), keep the top 5, then join their
    // current names (in the reader's language). Lines whose product was erased group by their stored name.
    db.execute(sql`
      select t.product_id, coalesce(p.name, t.orphan_name) as name, p.translations, t.quantity, t.revenue_cents
      from (
        select s.product_id, s.orphan_name, sum(s.quantity) as quantity, sum(s.revenue_cents) as revenue_cents
        from completed_sales_lines s
        where ${inRange(tz, from, to, sql`s.created_at`)}
        group by 1, 2
        order by 3 desc, 4 desc, 1
        limit 5
      ) t
      left join products p on p.id = t.product_id
      order by t.quantity desc, t.revenue_cents desc, t.product_id`),
    // Decision 0150: stock is each pack's, so a low pack is listed under its product's name and its label.
    db.execute(sql`
      select p.id, v.id as variant_id, p.name, p.translations, v.label, v.translations as labels,
             v.retail_price as price, v.stock
      from product_variants v join products p on p.id = v.product_id
      where p.archived_at is null and p.is_active and v.archived_at is null and v.is_active
        and not v.is_always_in_stock and v.stock <= ${threshold}
      order by v.stock asc, p.name asc, v.id asc
      limit 10`),
    db.execute(sql`
      select id, order_number, customer_name, total_amount, order_status from orders
      order by created_at desc, id desc limit 5`),
    q.by === 'variant' ? topVariantsOf(db, tz, from, to, lang) : undefined,
  ])
  const [sums] = rowsOf<{
    revenue: unknown
    profit: unknown
    discounts: unknown
    collected: unknown
    completed: unknown
    all_orders: unknown
    customers: unknown
  }>(sumRows)
  const [counts] = rowsOf<{ products: unknown }>(countRows)
  const top = rowsOf<{
    product_id: number | null
    name: string
    translations: Translations | null
    quantity: unknown
    revenue_cents: unknown
  }>(topRows)
  const low = rowsOf<{
    id: number
    variant_id: number
    name: string
    translations: Translations | null
    label: string
    labels: Translations | null
    price: unknown
    stock: number
  }>(lowRows)
  const nameOf = (r: { name: string; translations: Translations | null }) =>
    translatedText(r.name, r.translations, 'name', lang) ?? r.name
  const recent = rowsOf<{
    id: number
    order_number: string
    customer_name: string
    total_amount: unknown
    order_status: string
  }>(recentRows)
  const revenue = money(sums?.revenue)
  const completed = num(sums?.completed)
  return {
    total_revenue: revenue,
    // The spec's count of orders placed in the range, whatever their status (as before decision 0229); the money
    // figures' basis is `completed_orders`.
    total_orders: num(sums?.all_orders),
    completed_orders: completed,
    average_order_value: completed > 0 ? Math.round((revenue * 100) / completed) / 100 : 0,
    total_discounts: money(sums?.discounts),
    total_collected: money(sums?.collected),
    total_users: num(sums?.customers),
    total_profit: money(sums?.profit),
    total_products: num(counts?.products),
    top_products: top.map((t) => ({
      product_id: t.product_id,
      product: { name: nameOf(t) },
      total_quantity: num(t.quantity),
      total_revenue: num(t.revenue_cents) / 100,
    })),
    ...(topVariants ? { top_variants: topVariants } : {}),
    low_stock_products: low.map((p) => ({
      id: p.id,
      variant_id: p.variant_id,
      variant_label: translatedText(p.label, p.labels, 'label', lang) ?? '',
      name: nameOf(p),
      price: money(p.price),
      stock: num(p.stock),
    })),
    recent_orders: recent.map((o) => ({
      id: o.id,
      order_number: o.order_number,
      customer_name: o.customer_name,
      total_amount: money(o.total_amount),
      order_status: o.order_status,
    })),
  }
}

/** What a sold line kept of its pack: its label (Arabic, and English) and SKU at the time of sale. */
interface SoldPack {
  label: string
  label_en: string | null
  sku: string | null
}

/**
 * Decision 0159: the range's top five packs by units sold, from the same completed lines as the top products. A pack
 * that still exists is named by its product's and its own current label (like the top products' current names) and
 * its current SKU; lines whose pack was removed (variant_id null) group by the label and SKU they were sold with,
 * read from their order line only for those lines. Revenue is the lines' stored totals, so the packs of a product add
 * up to its top_products row.
 */
async function topVariantsOf(db: DbOrTx, tz: string, from: string, to: string, lang: Language) {
  const rows = rowsOf<{
    product_id: number | null
    variant_id: number | null
    name: string
    translations: Translations | null
    label: string | null
    labels: Translations | null
    sku: string | null
    sold: SoldPack | null
    quantity: unknown
    revenue_cents: unknown
  }>(
    await db.execute(sql`
      select t.product_id, t.variant_id, coalesce(p.name, t.orphan_name) as name, p.translations,
             v.label, v.translations as labels, v.sku, t.sold, t.quantity, t.revenue_cents
      from (
        select s.product_id, s.variant_id, s.orphan_name,
               case when s.variant_id is null then (
                 select jsonb_build_object('label', i.variant_label,
                                           'label_en', i.translations->'en'->>'variant_label', 'sku', i.sku)
                 from order_items i where i.id = s.line_id) end as sold,
               sum(s.quantity) as quantity, sum(s.revenue_cents) as revenue_cents
        from completed_sales_lines s
        where ${inRange(tz, from, to, sql`s.created_at`)}
        group by 1, 2, 3, 4
        order by 5 desc, 6 desc, 2 nulls last, 1
        limit 5
      ) t
      left join products p on p.id = t.product_id
      left join product_variants v on v.id = t.variant_id
      order by t.quantity desc, t.revenue_cents desc, t.variant_id nulls last, t.product_id`),
  )
  return rows.map((r) => {
    const label =
      r.variant_id !== null && r.label !== null
        ? translatedText(r.label, r.labels, 'label', lang)
        : translatedText(
            r.sold?.label,
            r.sold?.label_en ? { en: { label: r.sold.label_en } } : null,
            'label',
            lang,
          )
    return {
      product_id: r.product_id,
      variant_id: r.variant_id,
      product: { name: translatedText(r.name, r.translations, 'name', lang) ?? r.name },
      variant_label: label ?? '',
      sku: (r.variant_id !== null && r.label !== null ? r.sku : r.sold?.sku) ?? null,
      total_quantity: num(r.quantity),
      total_revenue: num(r.revenue_cents) / 100,
    }
  })
}

/**
 * One row per day of the range in the shop's time zone, 0 on days without completed sales (product.md §2.15 revenue
 * chart), as the spec's call always answered (the previous releases' answers are kept). Decision 0229: the dashboard
 * draws the days up to the shop's today only, so a month still running is not drawn as a fall to 0.
 */
export async function dailyRevenue(db: DbOrTx, q: DashboardRangeQuery): Promise<RevenueResponse> {
  const { tz, from, to } = await resolveRange(db, q)
  const rows = rowsOf<{ date: string; amount: unknown }>(
    await db.execute(sql`
      select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(s.amount, 0) as amount
      from generate_series(${from}::date, ${to}::date, interval '1 day') as d(day)
      left join (
        select (o.created_at at time zone ${tz})::date as day, sum(o.total_amount) as amount
        from orders o
        where o.order_status = 'completed' and ${inRange(tz, from, to)}
        group by 1
      ) s on s.day = d.day::date
      order by d.day`),
  )
  return { data: rows.map((r) => ({ date: r.date, amount: money(r.amount) })) }
}
