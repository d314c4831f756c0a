import { fileURLToPath } from 'node:url'
import {
  BENCH_SHOPPER_PASSWORD,
  type DbTarget,
  type StockSnapshot,
  type VerifyResult,
} from '../data/bench-data.ts'
import { runJson, runLoad, type LoadFigures } from '../lib/load-job.ts'
import { fmt, type Report } from '../lib/report.ts'
import { BENCH_ADMIN } from '../lib/shop-server.ts'
import { LIST_PATH } from './api-list.ts'

const loader = fileURLToPath(new URL('../data/load-data.ts', import.meta.url))
export const verifyStock = (target: DbTarget, snapshot: StockSnapshot) =>
  runJson<VerifyResult>(loader, ['verify', JSON.stringify({ target, snapshot })])

export const CHECKOUT_CONNECTIONS = 20
export const CHECKOUT_SECONDS = 10

/** 20 connections placing orders (unique Idempotency-Keys, mixed products) for ~10 s: no error of any kind. */
export async function checkoutLoad(
  report: Report,
  url: string,
  snapshot: StockSnapshot,
  label: string,
): Promise<LoadFigures> {
  const f = await runLoad({
    kind: 'checkout',
    url,
    connections: CHECKOUT_CONNECTIONS,
    duration: CHECKOUT_SECONDS,
    checkout: {
      productIds: Object.keys(snapshot.stocks).map(Number),
      alwaysIds: snapshot.alwaysInStock,
      cityId: snapshot.cityId,
    },
  })
  const created = f.statusCodes['201'] ?? 0
  report.add({
    scenario: `checkout ${CHECKOUT_CONNECTIONS} connections ${label}`,
    figure: `${fmt(f.okPerSecond, 1)} orders/s, p99 ${fmt(f.p99Ms)} ms, ${created} orders, non-2xx ${f.non2xx}, errors ${f.errors + f.timeouts}`,
    budget: 'zero errors (reported: orders/s, p99)',
    pass: created > 0 && f.non2xx === 0 && f.errors === 0 && f.timeouts === 0,
    data: f,
  })
  return f
}

/** Read back from the database after the checkout run (SPEC "No overselling"). */
export async function stockInvariant(
  report: Report,
  target: DbTarget,
  snapshot: StockSnapshot,
  ordersPlaced: number,
  label: string,
) {
  const v = await verifyStock(target, snapshot)
  report.add({
    scenario: `checkout stock invariant ${label}`,
    figure: `${v.checked} products: stock + ${v.sold} sold units = starting stock${v.ok ? '' : ` (${v.mismatches.length} mismatches)`}; ${v.newOrders} orders in db, ${ordersPlaced} answered 201`,
    budget: 'stock + sold = start, every 201 stored',
    pass: v.ok && v.newOrders === ordersPlaced,
    data: v,
  })
}

async function timeCall(url: string, token?: string): Promise<number> {
  const started = performance.now()
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  await res.arrayBuffer()
  if (!res.ok) throw new Error(`${url} answered ${res.status}`)
  return performance.now() - started
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** Dashboard stats over the last 365 days (50,000 orders) vs one product-list call, timed sequentially. */
export async function dashboardVsList(report: Report, url: string) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  })
  if (!login.ok) throw new Error(`admin sign-in answered ${login.status}`)
  const { token } = (await login.json()) as { token: string }
  const day = (offset: number) =>
    new Date(Date.now() + 2 * 3_600_000 - offset * 86_400_000).toISOString().slice(0, 10)
  const stats = `${url}/api/dashboard/stats?from=${day(364)}&to=${day(0)}`
  const list = `${url}${LIST_PATH}`
  const statsBody = (await (
    await fetch(stats, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { total_orders?: number }
  const statsMs: number[] = []
  const listMs: number[] = []
  for (let i = 0; i < 2; i++) await Promise.all([timeCall(stats, token), timeCall(list)])
  for (let i = 0; i < 7; i++) {
    statsMs.push(await timeCall(stats, token))
    listMs.push(await timeCall(list))
  }
  const ratio = median(statsMs) / median(listMs)
  report.add({
    scenario: 'dashboard stats, 1 year (PostgreSQL)',
    figure: `${fmt(median(statsMs), 1)} ms for ${fmt(statsBody.total_orders ?? 0)} orders vs list ${fmt(median(listMs), 1)} ms = ${fmt(ratio, 1)}×`,
    budget: '< 10× one product-list call',
    pass: ratio < 10,
    data: { statsMs, listMs, totalOrders: statsBody.total_orders },
  })
}

export const QUIET_RATE = 100
export const FLOOD_CONNECTIONS = 8
/** Every sign-in of the flood is answered within this (decision 0046). */
export const SIGN_IN_MAX_MS = 2_000

/**
 * Sign-in flood: correct passwords of many shoppers (argon2 really runs, no 429) while the product list is
 * requested at a fixed rate. The list's p99 under the flood must stay within 2× of the same fixed-rate traffic
 * without it, and every sign-in must be answered (200) within 2 s; the sign-ins' own p99 is reported too.
 */
export async function signInFlood(report: Report, url: string, users: number) {
  const listJob = {
    kind: 'get' as const,
    url,
    connections: 10,
    duration: 8,
    rate: QUIET_RATE,
    paths: [LIST_PATH],
  }
  const quiet = await runLoad(listJob)
  const flood = runLoad({
    kind: 'login',
    url,
    connections: FLOOD_CONNECTIONS,
    duration: 10,
    login: { users, password: BENCH_SHOPPER_PASSWORD },
  })
  await new Promise((r) => setTimeout(r, 1_000))
  const busy = await runLoad(listJob)
  const logins = await flood
  const ratio = busy.p99Ms / Math.max(quiet.p99Ms, 1)
  const refused = logins.statusCodes['503'] ?? 0
  report.add({
    scenario: 'sign-in flood vs product list (PostgreSQL)',
    figure:
      `list p99 ${fmt(quiet.p99Ms)} ms quiet → ${fmt(busy.p99Ms)} ms under the flood = ${fmt(ratio, 2)}×; ` +
      `sign-ins ${fmt(logins.okPerSecond, 1)}/s, p99 ${fmt(logins.p99Ms)} ms, max ${fmt(logins.maxMs)} ms, ` +
      `non-2xx ${logins.non2xx} (503 busy ${refused}), errors ${logins.errors + logins.timeouts}`,
    budget: `list p99 ≤ 2× quiet; every sign-in 200 within ${fmt(SIGN_IN_MAX_MS)} ms`,
    pass:
      ratio <= 2 &&
      logins.total > 0 &&
      logins.maxMs <= SIGN_IN_MAX_MS &&
      logins.non2xx === 0 &&
      logins.errors === 0 &&
      logins.timeouts === 0 &&
      busy.non2xx === 0,
    data: { quiet, busy, logins },
  })
}
