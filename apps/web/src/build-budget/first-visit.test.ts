import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  budgetProblems,
  buildFiles,
  CEILINGS_KB,
  firstVisitScripts,
  GOAL_KB,
  type BuildFiles,
} from './first-visit.ts'

// Issue 40, decision 0233: `npm test` (scripts/test.mjs builds first) fails when a storefront route's first-visit
// script grows past its ceiling or a dashboard or chart module reaches a storefront chunk. Sizes, not timings.
const clientDir = join(import.meta.dirname, '../../dist/client')

describe('storefront script budget (issue 40)', () => {
  let build: BuildFiles
  beforeAll(() => {
    if (!existsSync(join(clientDir, '.vite/chunk-modules.json')))
      throw new Error(`The web app is not built (${clientDir}): run npm run build first`)
    build = buildFiles(clientDir)
  })

  it('every storefront route is within its ceiling, and none downloads dashboard or chart code', () => {
    const scripts = firstVisitScripts(build)
    // The three pages a shopper lands on, and the screens behind them.
    for (const route of [
      'app/routes/landing',
      'app/routes/products',
      'app/routes/product',
      'app/routes/cart',
    ])
      expect(scripts.map((s) => s.route)).toContain(route)
    for (const s of scripts) {
      // The framework chunk and the route's own module are always counted.
      expect(
        s.files.some((f) => /\/framework-/.test(f)),
        s.route,
      ).toBe(true)
      expect(s.kb, s.route).toBeGreaterThan(50)
    }
    expect(budgetProblems(scripts)).toEqual([])
    // A ceiling above the goal is a figure of a real build, never a loosened goal.
    for (const ceiling of Object.values(CEILINGS_KB)) expect(ceiling).toBeGreaterThanOrEqual(GOAL_KB)
  })

  it('catches a planted import of a dashboard module in a storefront chunk', () => {
    const modules = JSON.parse(build.read('.vite/chunk-modules.json').toString('utf8')) as Record<
      string,
      string[]
    >
    // The dashboard's overview screen, with its chart: the heaviest thing a shopper must never download.
    const chart = Object.keys(modules).find((file) =>
      modules[file]!.some((m) => m.includes('src/features/dashboard-overview/components/revenue-chart')),
    )
    expect(chart, 'the overview chart is a chunk of the build').toBeDefined()
    const products = firstVisitScripts(build).find((s) => s.route === 'app/routes/products')!
    const routeChunk = products.files.find((f) => /assets\/products-[\w-]+\.js$/.test(f))!
    expect(routeChunk).toBeDefined()
    // The products route's chunk as it would be built had its module imported the chart: one more static import.
    const planted: BuildFiles = {
      assets: build.assets,
      read: (path) =>
        path === routeChunk
          ? Buffer.concat([Buffer.from(`import"./${chart!.replace(/^assets\//, '')}";`), build.read(path)])
          : build.read(path),
    }
    const problems = budgetProblems(firstVisitScripts(planted))
    expect(problems.some((p) => p.startsWith('app/routes/products: dashboard or chart code'))).toBe(true)
    expect(problems.some((p) => p.includes('revenue-chart'))).toBe(true)
    expect(problems.some((p) => p.includes('node_modules/chart.js/'))).toBe(true)
    expect(
      problems.some((p) => /^app\/routes\/products: [\d.]+ KB gzip .* over its/.test(p)),
      'chart.js alone puts the page over its ceiling',
    ).toBe(true)
    // The other routes did not import it.
    expect(problems.some((p) => p.startsWith('app/routes/landing'))).toBe(false)

    // A dashboard module the bundler grouped into the shared storefront chunk (a shared module importing it).
    const storefrontChunk = products.files.find((f) => /assets\/storefront-[\w-]+\.js$/.test(f))!
    const grouped: BuildFiles = {
      assets: build.assets,
      read: (path) =>
        path === '.vite/chunk-modules.json'
          ? Buffer.from(
              JSON.stringify({
                ...modules,
                [storefrontChunk]: [
                  ...modules[storefrontChunk]!,
                  'src/features/dashboard-shell/account-menu.tsx',
                ],
              }),
            )
          : build.read(path),
    }
    const leaks = budgetProblems(firstVisitScripts(grouped))
    for (const route of ['app/routes/landing', 'app/routes/products', 'app/routes/product'])
      expect(leaks).toContain(
        `${route}: dashboard or chart code on a storefront page: ${storefrontChunk}: src/features/dashboard-shell/account-menu.tsx`,
      )
  })
})
