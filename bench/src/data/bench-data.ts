/**
 * Shared types and constants of the bench data loader (load-data.ts, run as its own process by runJson):
 * `load <LoadRequest>` → LoadResult, `verify <VerifyRequest>` → VerifyResult.
 */

/** A PostgreSQL connection string or a PGlite data directory (the same choice the server makes). */
export interface DbTarget {
  url?: string
  dataDir?: string
}

/**
 * Grow the database to `products` generated products (and `orders` generated orders, `users` bench shoppers).
 * Never shrinks: a smaller number than what is there already adds nothing.
 */
export interface LoadRequest {
  target: DbTarget
  products: number
  orders?: number
  users?: number
}

/** The state the checkout load starts from; verify() compares the database with it afterwards. */
export interface StockSnapshot {
  /** product id → stock at snapshot time, for the stock-counted products the checkout load orders */
  stocks: Record<string, number>
  /** ids of active always-in-stock products (the checkout's third line) */
  alwaysInStock: number[]
  /** an active city with a delivery fee */
  cityId: number
  /** a category holding generated products (category list scenario) */
  categoryId: number
  /** orders with a greater id were placed after the snapshot */
  maxOrderId: number
  takenAt: string
}

export interface LoadResult {
  /** products now in the database (generated + seeded catalogue) */
  products: number
  /** orders now in the database */
  orders: number
  loadSeconds: number
  snapshot: StockSnapshot
}

export interface VerifyRequest {
  target: DbTarget
  snapshot: StockSnapshot
}

export interface StockMismatch {
  productId: number
  startStock: number
  stockNow: number
  soldSince: number
}

export interface VerifyResult {
  /** products of snapshot.stocks checked */
  checked: number
  /** units of those products in orders placed after the snapshot */
  sold: number
  ok: boolean
  mismatches: StockMismatch[]
  /** orders placed after the snapshot */
  newOrders: number
}

/** Password of every bench shopper shopper1@bench.ly … shopperN@bench.ly. */
export const BENCH_SHOPPER_PASSWORD = 'bench-shopper-pass'
export const shopperEmail = (n: number) => `shopper${n}@bench.ly`

/** Generated categories are `bench-1`, `bench-2`, …; product k (1-based) belongs to bench-⌈k/100⌉. */
export const CATEGORY_SLUG_PREFIX = 'bench-'
export const PRODUCTS_PER_CATEGORY = 100
/** Generated orders carry this note, so a later load knows how many it already made. */
export const GENERATED_ORDER_NOTE = 'bench-data'

/** Stock-counted products the checkout load orders, and their starting stock (never runs out in 10 s). */
export const STOCK_PRODUCTS = 30
export const STOCK_START = 1_000_000
export const ALWAYS_IN_STOCK_PRODUCTS = 5
/** Threshold of every generated product that has a wholesale price (the load orders 10 on every fifth line). */
export const WHOLESALE_THRESHOLD = 10
