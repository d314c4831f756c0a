import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { fmt, type Report } from '../lib/report.ts'

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}

export const INITIAL_JS_BUDGET_KB = 120
/** Code a shopper must never download up front (STYLE.md: the dashboard is lazy-loaded). */
const FORBIDDEN = [/node_modules\/chart\.js\//, /node_modules\/react-chartjs-2\//, /src\/features\/dashboard-/, /src\/app\/routes\/dashboard\//, /dashboard-layout/]

const gzipKb = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length / 1024

/** The storefront entry and everything it imports statically: what / and /products run before interaction. */
export function initialChunks(dist: string): { entry: string; files: string[] } {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)
  if (!entryKey) throw new Error('no entry in the Vite manifest')
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const next of manifest[key]?.imports ?? []) visit(next)
  }
  visit(entryKey)
  return { entry: manifest[entryKey]!.file, files: [...seen].map((k) => manifest[k]!.file) }
}

/** Biggest packages/folders (pre-minification bytes) inside the initial chunks: where to cut first. */
function heaviest(dist: string, files: string[]): string {
  const path = join(dist, '.vite/chunk-modules.json')
  if (!existsSync(path)) return ''
  const map = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string[]>
  const sizes = new Map<string, number>()
  for (const file of files) {
    for (const line of map[file] ?? []) {
      const [id = '', bytes = '0'] = [line.slice(0, line.lastIndexOf(' ')), line.slice(line.lastIndexOf(' ') + 1)]
      const key = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(id)?.[1] ?? id.split('/').slice(0, 3).join('/')
      sizes.set(key, (sizes.get(key) ?? 0) + Number(bytes))
    }
  }
  return [...sizes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([k, v]) => `${k} ${fmt(v / 1024)}K`)
    .join(', ')
}

export function bundleScenarios(report: Report, dist: string) {
  const { files } = initialChunks(dist)
  const sizes = files.map((f) => ({ file: f, gzipKb: gzipKb(join(dist, f)) }))
  const total = sizes.reduce((s, x) => s + x.gzipKb, 0)
  report.add({
    scenario: 'storefront initial JS (gzip)',
    figure: `${fmt(total, 1)} KB in ${files.length} chunks; largest parts (raw): ${heaviest(dist, files)}`,
    budget: `≤ ${INITIAL_JS_BUDGET_KB} KB`,
    pass: total <= INITIAL_JS_BUDGET_KB,
    data: sizes,
  })

  const modulesPath = join(dist, '.vite/chunk-modules.json')
  const map = existsSync(modulesPath) ? (JSON.parse(readFileSync(modulesPath, 'utf8')) as Record<string, string[]>) : null
  const leaks = map ? files.flatMap((f) => (map[f] ?? []).filter((m) => FORBIDDEN.some((re) => re.test(m))).map((m) => `${f}: ${m.split(' ')[0]}`)) : []
  report.add({
    scenario: 'no chart/dashboard code in storefront chunks',
    figure: map ? (leaks.length === 0 ? `none in ${files.length} initial chunks` : `${leaks.length} modules: ${leaks.slice(0, 4).join('; ')}`) : 'chunk-modules.json missing (vite.config.ts plugin)',
    budget: '0 modules',
    pass: map !== null && leaks.length === 0,
    data: leaks,
  })

  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const preload = /<link[^>]*rel="preload"[^>]*as="font"[^>]*type="font\/woff2"[^>]*crossorigin[^>]*href="\/(assets\/[^"]*arabic[^"]*\.woff2)"/.exec(html)
  const fontFile = preload?.[1]
  const fontKb = fontFile && existsSync(join(dist, fontFile)) ? statSync(join(dist, fontFile)).size / 1024 : 0
  report.add({
    scenario: 'Arabic font subset preloaded',
    figure: fontFile ? `${fontFile} (${fmt(fontKb, 1)} KB woff2) preloaded in index.html` : 'no <link rel=preload as=font type=font/woff2 crossorigin> for an Arabic subset',
    budget: 'preloaded, Arabic-only subset ≤ 60 KB',
    pass: Boolean(fontFile) && fontKb > 0 && fontKb <= 60,
    data: { fontFile, fontKb },
  })
  return { fontFile, initialFiles: files }
}
