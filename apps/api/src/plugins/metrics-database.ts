import { sql } from 'drizzle-orm'
import { Counter, Gauge, Histogram, type Registry } from 'prom-client'
import { rowsOf, type Database } from '../db/client.ts'
import { mailQueue } from '../lib/mail-queue.ts'
import { lowStockThreshold } from '../domain/low-stock.ts'

/** At most this many low-stock products become series (the fewest in stock first); the count covers them all. */
const LOW_STOCK_SERIES = 100

/**
 * Decision 0041. Per process: statement times, pool use. Read from the database at scrape time (the same for every
 * process over one PostgreSQL, right after a restart too): mail queue, low stock, last order. When the database does
 * not answer, `shop_database_up` is 0 and those gauges keep their last values.
 */
export function registerDatabaseMetrics(
  registry: Registry,
  database: Database,
  options: { smtpConfigured: boolean },
): () => void {
  const registers = [registry]
  const queryTime = new Histogram({
    name: 'shop_db_query_duration_seconds',
    help: 'Time of each database statement, from sending it to its answer (on PGlite including the wait for its one connection)',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  })
  const queryErrors = new Counter({
    name: 'shop_db_query_errors_total',
    help: 'Database statements that failed (refused values, lost connections)',
    registers,
  })
  const unsubscribe = database.queries.onQuery((seconds, failed) => {
    queryTime.observe(seconds)
    if (failed) queryErrors.inc()
  })

  new Gauge({
    name: 'shop_db_pool_connections',
    help: 'Database connections of this process by state (PGlite: one connection, in use while a statement runs or waits)',
    labelNames: ['state'],
    registers,
    collect() {
      const pool = database.pool
      const inUse = pool ? pool.totalCount - pool.idleCount : Math.min(database.queries.inFlight, 1)
      const idle = pool ? pool.idleCount : 1 - inUse
      this.set({ state: 'in_use' }, inUse)
      this.set({ state: 'idle' }, idle)
    },
  })
  new Gauge({
    name: 'shop_db_pool_waiting',
    help: 'Statements of this process waiting for a free database connection',
    registers,
    collect() {
      this.set(database.pool ? database.pool.waitingCount : Math.max(database.queries.inFlight - 1, 0))
    },
  })
  new Gauge({
    name: 'shop_db_pool_max',
    help: 'Most database connections this process opens',
    registers,
    collect() {
      this.set(database.pool ? database.pool.options.max : 1)
    },
  })

  // A scrape collects every gauge at once: they share one read of the database.
  let reading: Promise<void> | null = null
  const refresh = () => {
    reading ??= readDatabase().finally(() => {
      reading = null
    })
    return reading
  }
  const up = new Gauge({
    name: 'shop_database_up',
    help: '1 when the database answered the last scrape, else 0',
    registers,
    collect: refresh,
  })
  const mails = new Gauge({
    name: 'shop_mail_outbox_mails',
    help: 'Mails in the outbox table by state: queued (not tried or being retried), sent, failed (last try failed)',
    labelNames: ['state'],
    registers,
    collect: refresh,
  })
  const oldestUnsent = new Gauge({
    name: 'shop_mail_oldest_unsent_age_seconds',
    help: 'Age of the oldest mail not yet sent (0 when every mail is sent)',
    registers,
    collect: refresh,
  })
  new Gauge({
    name: 'shop_mail_smtp_configured',
    help: '1 when SMTP_URL is set; without it mails stay in the outbox table on purpose',
    registers,
    collect() {
      this.set(options.smtpConfigured ? 1 : 0)
    },
  })
  const lowStockCount = new Gauge({
    name: 'shop_low_stock_products',
    help: 'Active products at or below the low-stock threshold (setting low_stock_threshold)',
    registers,
    collect: refresh,
  })
  const lowStock = new Gauge({
    name: 'shop_low_stock_product_stock',
    help: 'Stock left on each low-stock product (the 100 lowest)',
    labelNames: ['product_id', 'variant_id', 'product'],
    registers,
    collect: refresh,
  })
  const lastOrder = new Gauge({
    name: 'shop_last_order_timestamp_seconds',
    help: 'When the newest order was placed (Unix time; 0 before the first)',
    registers,
    collect: refresh,
  })
  // Decisions 0076 and 0083: what an owner is alerted to about online payments.
  const flagged = new Gauge({
    name: 'shop_payments_flagged',
    help: 'Payment attempts flagged for staff (amount mismatch, paid late, paid twice …) not yet marked seen',
    registers,
    collect: refresh,
  })
  const overdue = new Gauge({
    name: 'shop_payment_holds_overdue',
    help: 'Unpaid online orders more than 2 minutes past their time and still holding stock (the expiry sweep is behind or off)',
    registers,
    collect: refresh,
  })

  async function readDatabase() {
    const db = database.db
    try {
      const [mail, threshold, lastRows, paymentRows] = await Promise.all([
        mailQueue(db),
        lowStockThreshold(db),
        db.execute(sql`select coalesce(extract(epoch from max(created_at)), 0) as at from orders`),
        db.execute(sql`
          select (select count(*) from payments where flag is not null and flag_resolved_at is null) as flagged,
                 (select count(*) from order_payment_holds
                   where expired_at is null and closed_at is null and due_at < now() - interval '2 minutes') as overdue`),
      ])
      // Decision 0150: stock is each pack's; a pack is named by its product and its label.
      const low = rowsOf<{ id: number; variant_id: number; name: string; stock: number; total: unknown }>(
        await db.execute(sql`
          select p.id, v.id as variant_id, concat_ws(' – ', p.name, nullif(v.label, '')) as name, v.stock,
                 count(*) over () as total
          from product_variants v join products p on p.id = v.product_id
          where p.archived_at is null and p.is_active and v.archived_at is null and v.is_active
            and not v.is_always_in_stock and v.stock <= ${threshold}
          order by v.stock asc, v.id asc
          limit ${LOW_STOCK_SERIES}`),
      )
      up.set(1)
      for (const state of ['queued', 'sent', 'failed'] as const) mails.set({ state }, mail[state])
      oldestUnsent.set(mail.oldestUnsentAgeSeconds ?? 0)
      lastOrder.set(Number(rowsOf<{ at: unknown }>(lastRows)[0]?.at ?? 0))
      const payment = rowsOf<{ flagged: unknown; overdue: unknown }>(paymentRows)[0]
      flagged.set(Number(payment?.flagged ?? 0))
      overdue.set(Number(payment?.overdue ?? 0))
      lowStockCount.set(Number(low[0]?.total ?? 0))
      lowStock.reset()
      for (const p of low)
        lowStock.set(
          { product_id: String(p.id), variant_id: String(p.variant_id), product: p.name },
          Number(p.stock),
        )
    } catch {
      up.set(0)
    }
  }

  return unsubscribe
}
