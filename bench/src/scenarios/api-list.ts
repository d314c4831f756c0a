import type { StockSnapshot } from '../data/bench-data.ts'
import { runLoad, type LoadFigures } from '../lib/load-job.ts'
import { fmt, type Report } from '../lib/report.ts'

/** Same connections and duration for R0 and every list, so throughputs compare (performance.md: ratios, same run). */
export const LIST_CONNECTIONS = 10
export const LIST_SECONDS = 6

export const REF_PATH = '/api/_bench/ref'
export const LIST_PATH = '/api/products?active=true&page=1&per_page=12'
/** The storefront's catalogue page, server-rendered (its first 12 cards, each with its packs: decision 0150). */
export const CATALOGUE_PAGE_PATH = '/products'
export const SEARCH_PATH = `/api/products?active=true&page=1&per_page=12&search=${encodeURIComponent('تمر')}`
/** The same kind of search in English (decision 0055: other languages have their own trigram index). */
export const SEARCH_EN_PATH = '/api/products?active=true&page=1&per_page=12&search=dates'
export const categoryPath = (id: number) => `/api/products?active=true&page=1&per_page=12&category_id=${id}`

export const measure = (url: string, path: string, seconds = LIST_SECONDS) =>
  runLoad({ kind: 'get', url, connections: LIST_CONNECTIONS, duration: seconds, paths: [path] })

/** JIT, connection pool and database caches warm before anything is timed. */
export async function warmUp(url: string, paths: string[]) {
  await runLoad({ kind: 'get', url, connections: LIST_CONNECTIONS, duration: 2, paths })
}

const errorsOf = (f: LoadFigures) => f.non2xx + f.errors + f.timeouts

/** R0: the bare Fastify JSON route of the same build. */
export async function reference(report: Report, url: string, label: string): Promise<LoadFigures> {
  const r0 = await measure(url, REF_PATH)
  report.add({
    scenario: `R0 reference ${label}`,
    figure: `${fmt(r0.rps)} req/s, mean ${fmt(r0.meanMs, 2)} ms, p99 ${fmt(r0.p99Ms)} ms`,
    budget: 'reference (no budget)',
    pass: errorsOf(r0) === 0 ? null : false,
    data: r0,
  })
  return r0
}

/**
 * GET /products (plain, Arabic and English search, one category) at the loaded size: throughput ≥ ratio × R0, p99 reported,
 * and every answer 2xx.
 */
export async function listScenarios(
  report: Report,
  url: string,
  r0: LoadFigures,
  ratio: number,
  label: string,
  snapshot: StockSnapshot,
) {
  const cases: [string, string][] = [
    ['products list', LIST_PATH],
    ['products search "تمر"', SEARCH_PATH],
    ['products search "dates"', SEARCH_EN_PATH],
    ['products by category', categoryPath(snapshot.categoryId)],
  ]
  const out: Record<string, LoadFigures> = {}
  for (const [name, path] of cases) {
    const f = await measure(url, path)
    out[name] = f
    const share = f.okPerSecond / r0.rps
    report.add({
      scenario: `${name} ${label}`,
      figure: `${fmt(f.okPerSecond)} req/s = ${fmt(share, 2)}×R0, p99 ${fmt(f.p99Ms)} ms, non-2xx ${f.non2xx + f.errors}`,
      budget: `≥ ${ratio}×R0, 0 errors`,
      pass: share >= ratio && errorsOf(f) === 0,
      data: { path, ...f, r0Rps: r0.rps },
    })
  }
  return out
}
