import { runLoad, type LoadFigures } from '../lib/load-job.ts'
import { fmt, type Report } from '../lib/report.ts'
import { REF_PATH } from './api-list.ts'

/** Issue 27's budgets are taken at 20 connections (R0 too, so that the ratio compares like with like). */
export const SEARCH_CONNECTIONS = 20
const SECONDS = 6

/**
 * What shoppers type, as they type it (decision 0140): the bench catalogue's words (bench/src/data/load-data.ts) in
 * Arabic with and without hamza and ة, with the article, plurals, one-letter typos, English words, and words nothing
 * matches (those take the typo and "did you mean" path). Pairs of them drawn at random make ~5,000 distinct searches: the
 * per-process response cache (500 entries) answers few of them, so the figures are the search's own.
 */
const WORDS = [
  'تمر',
  'التمور',
  'دقلة',
  'دقله',
  'نور',
  'برني',
  'مجدول',
  'عجوة',
  'عجوه',
  'صقعي',
  'عسل',
  'العسل',
  'سدر',
  'زهور',
  'بريه',
  'سمرة',
  'زعتر',
  'زيت',
  'الزيتون',
  'زيتون',
  'بكر',
  'عضوي',
  'جبلي',
  'اخضر',
  'أسود',
  'اسود',
  'محشي',
  'مخلل',
  'لوز',
  'تين',
  'حناء',
  'حنا',
  'فول',
  'فاخر',
  'ممتاز',
  'بلدي',
  'مختار',
  'طبيعي',
  'ترهونة',
  'مسلاته',
  'غريان',
  'سبها',
  'الجفرة',
  'غدامس',
  'زليتن',
  'كغ',
  'دقلا',
  'مجدوول',
  'زيتوون',
  'dates',
  'deglet',
  'honey',
  'olive',
  'oil',
  'medjool',
  'medjol',
  'thyme',
  'almonds',
  'figs',
  'premium',
  'natural',
  'organic',
  'green',
  'black',
  'sidr',
  'hony',
  'qwxz',
  'زخرف',
  'كمبيوتر',
]

const LIST_PATH = '/api/products?active=true&in_stock=true&page=1&per_page=12&search='
const SUGGEST_PATH = '/api/products/suggest?q='

const load = (url: string, path: string) =>
  runLoad({
    kind: 'get',
    url,
    connections: SEARCH_CONNECTIONS,
    duration: SECONDS,
    randomSearch: { path, words: WORDS },
  })

const errorsOf = (f: LoadFigures) => f.non2xx + f.errors + f.timeouts

/**
 * Issue 27: the storefront search and the suggestions call at `label`'s catalogue size, random words at 20
 * connections: search throughput ≥ 0.25 × R0 (the bare route, same connections, measured just before) and p99 ≤ 50 ms;
 * suggestions p99 ≤ 30 ms.
 */
export async function searchScenarios(report: Report, url: string, label: string) {
  const r0 = await runLoad({
    kind: 'get',
    url,
    connections: SEARCH_CONNECTIONS,
    duration: SECONDS,
    paths: [REF_PATH],
  })
  const search = await load(url, LIST_PATH)
  const share = search.okPerSecond / r0.rps
  report.add({
    scenario: `products search, random words (${label})`,
    figure:
      `${fmt(search.okPerSecond)} req/s = ${fmt(share, 2)}×R0 (${fmt(r0.rps)} req/s at ${SEARCH_CONNECTIONS} connections), ` +
      `p99 ${fmt(search.p99Ms)} ms, mean ${fmt(search.meanMs, 1)} ms, non-2xx ${search.non2xx + search.errors}`,
    budget: `≥ 0.25×R0, p99 ≤ 50 ms, 0 errors`,
    pass: share >= 0.25 && search.p99Ms <= 50 && errorsOf(search) === 0,
    data: { r0, search },
  })
  const suggest = await load(url, SUGGEST_PATH)
  report.add({
    scenario: `search suggestions, random words (${label})`,
    figure: `${fmt(suggest.okPerSecond)} req/s, p99 ${fmt(suggest.p99Ms)} ms, mean ${fmt(suggest.meanMs, 1)} ms, non-2xx ${suggest.non2xx + suggest.errors}`,
    budget: 'p99 ≤ 30 ms, 0 errors',
    pass: suggest.p99Ms <= 30 && errorsOf(suggest) === 0,
    data: { suggest },
  })
}
