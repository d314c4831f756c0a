/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { transformSync } from 'esbuild'
import { defineConfig, type Plugin } from 'vite'

/**
 * Issue 7 (fast on a cheap phone): preload the two subsets of the font every first screen uses, so they are fetched
 * with the HTML instead of being discovered by the first layout, and text does not reflow when they swap in:
 * - the Arabic subset (Arabic is the default language, SPEC §1);
 * - the Latin subset: Arabic screens need it too. Prices are written with Latin digits ("12.50 د.ل"), and the space
 *   between Arabic words is taken from it: the Arabic file has a space glyph, but the Latin @font-face is declared
 *   after it with U+0000-00FF, and the last declared face that covers a character wins. Without the preload the
 *   first render's layout requested it (a phone showed fallback digits and spaces, then laid everything out again).
 * At the start of <body>, not in <head>: Chromium holds the first paint for font preloads found before <body>
 * (RenderBlockingFonts), and the first paint — the shell's top bar frame — has no text to wait for.
 */
function preloadFirstScreenFonts(): Plugin {
  return {
    name: 'shop:preload-first-screen-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.keys(ctx.bundle ?? {})
        const fonts = [/cairo-arabic-wght-normal-.*\.woff2$/, /cairo-latin-wght-normal-.*\.woff2$/].map((re) => files.find((f) => re.test(f)))
        return fonts
          .filter((font): font is string => font !== undefined)
          .map((font) => ({ tag: 'link', attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: true, href: `/${font}` }, injectTo: 'body-prepend' as const }))
      },
    },
  }
}

/**
 * Issue 7 (storefront initial JS ≤ 120 KB gzip): react-router publishes a production build (dev warnings off) that
 * its package `exports` never select, and assigns `X.displayName = "…"` at module level and calls React.forwardRef/memo/createContext without a
 * pure annotation, which the bundler must keep as side effects, and with them every component they name (Form,
 * ScrollRestoration, HistoryRouter…) even when the app never uses them. In builds only: resolve the production
 * files, drop those assignments (displayName only labels components in React DevTools) and mark those calls pure.
 */
function leanReactRouter(): Plugin {
  const require = createRequire(import.meta.url)
  const production = join(dirname(require.resolve('react-router')), '../production/index.mjs')
  return {
    name: 'shop:lean-react-router',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === 'react-router' ? production : null
    },
    transform(code, id) {
      if (!id.includes('/node_modules/react-router/dist/production/')) return null
      const lean = code
        .replace(/^\w+\.displayName = "[^"]*";$/gm, '')
        // React.forwardRef/memo/createContext are pure; unannotated, their unused results (Form, fetcher.Form…) stay.
        .replace(/= (React\d*)\.(forwardRef|memo|createContext)\(/g, '= /* @__PURE__ */ $1.$2(')
      return { code: lean, map: null }
    },
  }
}

/**
 * Writes .vite/chunk-modules.json (chunk file → the modules inside it), so bench/ can prove that no chunk the
 * storefront loads up front contains chart or dashboard code (the manifest only names each chunk's facade).
 */
function chunkModulesReport(): Plugin {
  return {
    name: 'shop:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      // chunk file → "module-path rendered-bytes" lines
      const map: Record<string, string[]> = {}
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue
        map[item.fileName] = item.moduleIds.map((id) => {
          const name = id.replace(/^.*\/node_modules\//, 'node_modules/').replace(/^.*\/apps\/web\//, '')
          return `${name} ${item.modules[id]?.renderedLength ?? 0}`
        })
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(map, null, 1) })
    },
  }
}

/**
 * Writes .br and .gz siblings of every text asset, served by @fastify/static `preCompressed` (apps/api
 * plugins/web.ts): a cheap phone on a slow network downloads the gzip/brotli size, not the raw one, and the
 * server spends no CPU compressing per request (issue 7, Lighthouse "uses-text-compression").
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'shop:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir)
    },
    closeBundle() {
      // Also called when the build failed: nothing to compress, and the build's own error is the one to see.
      if (!existsSync(outDir)) return
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name)
          return statSync(path).isDirectory() ? (name === '.vite' ? [] : walk(path)) : [path]
        })
      for (const file of walk(outDir).filter((f) => /\.(js|css|svg|html|txt)$/.test(f))) {
        const raw = readFileSync(file)
        if (raw.length < 1024) continue
        writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }))
      }
    },
  }
}

/**
 * Decision 29 (issue 7): a storefront page the server rendered (`<html data-ssr>`, apps/api plugins/server-render.ts)
 * needs no script to be seen, so the server takes the module script and its modulepreloads out of such a page and
 * src/boot/ssr-loader.js, inlined here with the built files' names (allowed by its CSP hash), loads them when the
 * visitor starts using the page (see there). On every other page it does nothing and the usual module script runs.
 */
function deferredScriptsOnServerRenderedPages(): Plugin {
  return {
    name: 'shop:deferred-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1]
        if (!entry) throw new Error('index.html has no module script to defer')
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])
        const source = readFileSync(new URL('./src/boot/ssr-loader.js', import.meta.url), 'utf8')
          .replaceAll('__PRELOADS__', JSON.stringify(preloads))
          .replaceAll('__ENTRY__', JSON.stringify(entry))
        const code = transformSync(source, { minify: true, target: 'es2017' }).code.trim()
        return [{ tag: 'script', children: code, injectTo: 'head' as const }]
      },
    },
  }
}

const FIRST_SCREEN_LIBRARY =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|clsx)[\\/.]/
const LAZY_ONLY_QUERY_PARTS = /useMutation|useIsFetching|useMutationState|infiniteQueryObserver|queriesObserver|mutationObserver|useQueries|useSuspense|usePrefetch|HydrationBoundary|hydration/
/** The shop's own modules every page runs first and lazy screens share (else each became a chunk of its own). */
const FIRST_SCREEN_SHARED = /[\\/]src[\\/]lib[\\/](api-client|hydration|early-input|i18n|storage|query-client|server-state|toast)\.ts$/
const firstScreenLibrary = (id: string) => (FIRST_SCREEN_LIBRARY.test(id) && !LAZY_ONLY_QUERY_PARTS.test(id)) || FIRST_SCREEN_SHARED.test(id)

/**
 * Decision 29: `vite build --ssr` builds src/entry-server.tsx for Node into dist-ssr/ (apps/api imports it to render
 * the storefront's catalogue pages); never served to browsers.
 */
const serverBuild = {
  plugins: [leanReactRouter(), react()],
  publicDir: false as const,
  build: { ssr: 'src/entry-server.tsx', outDir: 'dist-ssr', emptyOutDir: true, target: 'node20', sourcemap: false, minify: false },
}

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverBuild : {
  plugins: [
    leanReactRouter(),
    react(),
    tailwindcss(),
    preloadFirstScreenFonts(),
    deferredScriptsOnServerRenderedPages(),
    chunkModulesReport(),
    precompress(),
  ],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/logo.png': 'http://localhost:3000' } },
  // manifest: bench/ reads the entry's static imports to budget the storefront's initial JavaScript.
  // modulePreload.polyfill off: every browser that runs this bundle's es2022 supports <link rel=modulepreload> or
  // just loads the modules without it; the polyfill was 1 KB in the first download (issue 7).
  build: {
    target: 'es2022',
    modulePreload: { polyfill: false },
    sourcemap: false,
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 400,
    manifest: true,
    // Issue 7: the libraries every screen needs first (React, router, i18n, query) in one chunk instead
    // of the 4–6 small ones automatic splitting makes from them: one file compresses better than several (−1.4 KB
    // gzip). Parts only lazy screens use (mutations, hydration…) stay out of it, in the chunks that need them.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'vendor', test: firstScreenLibrary }] } } },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    pool: 'threads',
    maxWorkers: 2,
  },
}))
