/// <reference types="vitest/config" />
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'

/**
 * Writes .br and .gz siblings of every text asset of the browser build, served by @fastify/static `preCompressed`
 * (apps/api/src/web/web-plugin.ts): a phone on a slow network downloads the compressed size, and the server spends no
 * CPU compressing per request.
 */
function precompress(): Plugin {
  return {
    name: 'shop:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle(options) {
      const outDir = options.dir
      if (!outDir || !existsSync(outDir)) return
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name)
          return statSync(path).isDirectory() ? (name === '.vite' ? [] : walk(path)) : [path]
        })
      for (const file of walk(outDir).filter((f) => /\.(js|css|svg|html|txt|json)$/.test(f))) {
        const raw = readFileSync(file)
        if (raw.length < 1024) continue
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }))
      }
    },
  }
}

/**
 * Writes .vite/chunk-modules.json beside the browser build (chunk file → the modules inside it): `npm run bench` checks
 * with it that no file a storefront visit downloads holds chart or dashboard code.
 */
function chunkModulesReport(): Plugin {
  return {
    name: 'shop:chunk-modules',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const map: Record<string, string[]> = {}
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue
        map[item.fileName] = item.moduleIds.map((id) =>
          id.replace(/^.*\/node_modules\//, 'node_modules/').replace(/^.*\/apps\/web\//, ''),
        )
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(map, null, 1),
      })
    },
  }
}

/**
 * React Router's package resolves its development build everywhere (remix-run/react-router#14102), so its development
 * warnings ship to phones. The browser build takes the production build instead: both entries below import the same
 * production chunks, so the app still has one router. Dev server and server build keep the package's own choice.
 */
function productionRouter(): Plugin {
  const dist = join(dirname(fileURLToPath(import.meta.resolve('react-router'))), '..', 'production')
  const entries: Record<string, string> = {
    'react-router': 'index.mjs',
    'react-router/dom': 'dom-export.mjs',
  }
  return {
    name: 'shop:production-router',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source) {
      const file = entries[source]
      return file ? join(dist, file) : null
    },
  }
}

/**
 * React Router's plugin starts its own inner Vite compilers with `envFile: false`, which Vite 8 answers with "The
 * `envFile` option is deprecated" once per compiler (nine lines on every build). Same meaning, current spelling: our
 * plugins are passed on to those compilers, so this hook rewrites it before Vite reads it.
 */
function currentEnvOption(): Plugin {
  return {
    name: 'shop:env-dir-option',
    config(config) {
      const legacy = config as { envFile?: boolean }
      if (legacy.envFile === false) {
        delete legacy.envFile
        config.envDir = false
      }
    },
  }
}

/**
 * The server build bundles lib/i18n.server.ts, which imports the English texts statically on purpose (the first
 * render of an English page needs them at once), so Rolldown warns that lib/i18n.ts's dynamic imports of the same
 * files do not split them. A split means nothing in the server's bundle; the browser build keeps the check.
 */
function quietServerSplitCheck(): Plugin {
  return {
    name: 'shop:quiet-server-split-check',
    configEnvironment(name) {
      if (name !== 'ssr') return
      return { build: { rolldownOptions: { checks: { ineffectiveDynamicImport: false } } } }
    },
  }
}

/**
 * The browser build's shared code in two files instead of dozens (decision 0031): on a phone over HTTP/1.1 every
 * extra file is another round trip before the page can be used.
 * - `framework`: React, React Router and i18next, which every page runs first;
 * - `storefront`: the shop's own modules that the storefront's screens share (layout, product card, cart, session,
 *   texts). Modules only the dashboard or the screens that fetch in the browser use (TanStack Query, tables,
 *   dialogs) stay out, in the chunks of the screens that need them.
 *   A module this pattern matches brings everything it imports into the group (rolldown's groups take dependencies
 *   along), so `lib/` is listed file by file: matching all of it once put TanStack Query (lib/active-cities.ts, the
 *   cart page's) on every storefront page, and all of lib/cart/ the cart's offers pricing (decision 0185). A module added here must be one the first screens import, and
 *   must not import zod schemas, tailwind-merge (lib/cn.ts) or TanStack Query. The Cairo files' addresses (`?url`
 *   modules, imported by root.tsx for its font preloads and by the dashboard's invoice) are in it too: shared by
 *   both, they were a script file of their own, one more request before every storefront page could start.
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store|@radix-ui[\\/]react-direction|clsx|cookie|set-cookie-parser)[\\/]/
const STOREFRONT =
  /[\\/]src[\\/](lib[\\/](api-client|auth[\\/](auth-provider|session-api)|cart[\\/](cart-model|cart-names-api|cart-provider|use-add-to-cart)|i18n|session-events|shop-content|shop-settings|storage|toast|use-debounced-value|use-hydrated|use-switch-language)\.|components[\\/]product[\\/]|components[\\/]ui[\\/](button|money|badge|states|controls|pagination|skeleton|spinner|quantity-stepper)\.|app[\\/](providers|lazy-toaster|seo|early-script|client-only|not-found-page|route-error-boundary)|features[\\/]layout[\\/]|locales[\\/]ar[\\/](common|storefront)\.json)|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](Icon|createLucideIcon|defaultAttributes|context|shared)|node_modules[\\/]@fontsource-variable[\\/]cairo[\\/]files[\\/][^?]+\.woff2\?url$/

/** Web unit files that run in a worker's own realm, not a VM context (see `test.projects`). */
const OWN_REALM = [
  'src/features/payments/components/payment-step-page.test.tsx',
  'src/features/dashboard-content/components/content-traps.test.tsx',
]

export default defineConfig({
  // Unit tests render components without the framework's build (React Router's plugin is for the app's build and dev
  // server only).
  plugins: [
    currentEnvOption(),
    quietServerSplitCheck(),
    tailwindcss(),
    process.env.VITEST ? react() : reactRouter(),
    productionRouter(),
    precompress(),
    chunkModulesReport(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    rolldownOptions: {
      // "JavaScript callbacks ran for 24 s of this build": true of every build on a busy two-core machine (Tailwind and
      // React Router's plugins), nothing a newcomer can act on. `npm run bench` measures what matters.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            { name: 'storefront', test: STOREFRONT, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    maxWorkers: 2,
    // A busy two-core machine (the shop and a browser open beside the tests) can take several seconds for one
    // rendered journey; the tests wait for what they need, so the ceiling only has to be generous.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Decision 0235: each file still gets its own jsdom and its own modules, but in a fresh VM context of a worker that
    // stays up (vmThreads) instead of a new worker's whole start: the web units take about two thirds of the time.
    // Files that need the worker's own realm run in classic threads: one replaces window.location (non-configurable
    // in a VM context), one compares the screen's texts with the demo content module the app imports too.
    projects: [
      {
        extends: true,
        test: { name: 'vm', include: ['src/**/*.test.{ts,tsx}'], exclude: OWN_REALM, pool: 'vmThreads' },
      },
      { extends: true, test: { name: 'threads', include: OWN_REALM, pool: 'threads' } },
    ],
  },
})
