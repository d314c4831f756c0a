import { ESLint } from 'eslint'
import { join } from 'node:path'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'
import { importBoundaries } from './boundaries.js'

// The boundary rules of eslint.config.js (decision 0045) fail on deliberately broken code: lint/fixtures holds an API
// and a web app in the shape of ours, with a cross-module import, a cross-feature import, shared code reaching into a
// module, and two cycles. The main lint ignores that folder, so `npm run lint` stays green.
const base = join(import.meta.dirname, '..')
const fixtures = 'lint/fixtures'

async function lintFixtures() {
  const eslint = new ESLint({
    cwd: base,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
      },
      ...importBoundaries({ base, src: `${fixtures}/api/src`, features: 'modules', shared: ['lib'] }),
      ...importBoundaries({
        base,
        src: `${fixtures}/web/src`,
        features: 'features',
        shared: ['components', 'lib'],
      }),
    ],
  })
  const results = await eslint.lintFiles([`${fixtures}/**/*.{ts,tsx}`])
  // file (relative to the fixtures) → "line rule" of each problem
  return Object.fromEntries(
    results.map((r) => [
      r.filePath.slice(join(base, fixtures).length + 1),
      r.messages.map((m) => (m.fatal ? `fatal ${m.message}` : `${m.line} ${m.ruleId}`)),
    ]),
  )
}

describe('import boundaries in the lint', () => {
  it('fails on a cross-module import, on shared code importing a module and on a cycle (API)', async () => {
    const problems = await lintFixtures()
    expect(problems['api/src/modules/alpha/alpha.service.ts']).toEqual(['2 import-x/no-restricted-paths'])
    expect(problems['api/src/lib/reaches-back.ts']).toEqual(['1 import-x/no-restricted-paths'])
    expect(problems['api/src/lib/cycle-a.ts']).toEqual(['1 import-x/no-cycle'])
    expect(problems['api/src/lib/cycle-b.ts']).toEqual(['1 import-x/no-cycle'])
    // Imports inside a module and of shared code are allowed.
    expect(problems['api/src/modules/beta/beta.service.ts']).toEqual([])
    expect(problems['api/src/lib/money.ts']).toEqual([])
  })

  it('fails on a cross-feature import, on shared code importing a feature and on a cycle inside a feature (web)', async () => {
    const problems = await lintFixtures()
    expect(problems['web/src/features/cart/cart-line.tsx']).toEqual(['2 import-x/no-restricted-paths'])
    expect(problems['web/src/lib/query-keys.ts']).toEqual(['1 import-x/no-restricted-paths'])
    expect(problems['web/src/features/catalog/product-card.tsx']).toEqual(['2 import-x/no-cycle'])
    expect(problems['web/src/features/catalog/price-label.ts']).toEqual(['1 import-x/no-cycle'])
    expect(problems['web/src/components/button.tsx']).toEqual([])
  })

  it("is on for the web app in the repository's own config (decision 0089)", async () => {
    const eslint = new ESLint({ cwd: base })
    const lint = async (path: string, code: string) =>
      (await eslint.lintText(code, { filePath: join(base, path) }))[0]!.messages.map((m) => m.ruleId)
    // A feature importing another feature's query keys, and shared code importing a feature.
    expect(
      await lint(
        'apps/web/src/features/dashboard-orders/probe.ts',
        "import { salesQuery } from '../dashboard-sales/api/sales-api.ts'\nexport const q = salesQuery\n",
      ),
    ).toEqual(['import-x/no-restricted-paths'])
    expect(
      await lint(
        'apps/web/src/lib/probe.ts',
        "import { ProductsScreen } from '../features/dashboard-products/components/products-screen.tsx'\nexport const s = ProductsScreen\n",
      ),
    ).toEqual(['import-x/no-restricted-paths'])
  })

  it("is on for the API in the repository's own config", async () => {
    const eslint = new ESLint({ cwd: base })
    const probe =
      "import { getProduct } from '../catalog/products.service.ts'\nexport const read = getProduct\n"
    const [result] = await eslint.lintText(probe, {
      filePath: join(base, 'apps/api/src/modules/orders/probe.ts'),
    })
    expect(result!.messages.map((m) => m.ruleId)).toEqual(['import-x/no-restricted-paths'])
  })
})
