import { sql } from 'drizzle-orm'
import { rowsOf, type Db } from '../../src/db/client.ts'

/**
 * What a shop owner relies on after any crash (product.md §10.2 no overselling, §10.3 exactly once):
 * every order has items, its totals add up, and stock + units sold = the stock the shop started with.
 * Returns the list of broken rules (empty when all hold).
 */
export async function brokenInvariants(db: Db, products: { id: number; stock: number }[]): Promise<string[]> {
  const broken: string[] = []
  const empty = rowsOf<{ id: number }>(
    await db.execute(
      sql`select o.id from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`,
    ),
  )
  if (empty.length) broken.push(`orders without items: ${empty.map((r) => r.id).join(', ')}`)

  const totals = rowsOf<{ id: number }>(
    await db.execute(sql`
      select o.id from orders o
      join (select order_id, sum(line_total) as lines, bool_and(line_total = round(unit_price * quantity, 2)) as lines_ok
            from order_items group by order_id) i on i.order_id = o.id
      where i.lines <> o.subtotal or o.subtotal + o.delivery_price <> o.total_amount or not i.lines_ok`),
  )
  if (totals.length) broken.push(`orders whose totals do not add up: ${totals.map((r) => r.id).join(', ')}`)

  for (const p of products) {
    const [row] = rowsOf<{ stock: number; sold: number }>(
      await db.execute(sql`
        select (select coalesce(sum(v.stock), 0) from product_variants v where v.product_id = p.id)::int as stock,
               coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
                         where i.product_id = p.id and o.stock_restored_at is null), 0)::int as sold
        from products p where p.id = ${p.id}`),
    )
    if (!row) broken.push(`product ${p.id} is gone`)
    else if (row.stock < 0 || row.stock + row.sold !== p.stock)
      broken.push(`product ${p.id}: stock ${row.stock} + sold ${row.sold} ≠ ${p.stock}`)
  }
  return broken
}

export async function orderCount(db: Db, emailLike = 'load-%'): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from orders where customer_email like ${emailLike}`),
  )
  return row!.n
}
