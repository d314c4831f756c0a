/**
 * Decision 29 (issue 7): the storefront's catalogue pages rendered on the server. apps/api (plugins/web.ts) imports the
 * build of this file (dist-ssr/entry-server.js) and asks it for each page: a phone then paints the whole first screen
 * (texts, product cards, their pictures) from the HTML alone, before any script has arrived; the browser hydrates
 * that same markup (main.tsx) when the page has loaded.
 */
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import type { Query, QueryClient } from '@tanstack/react-query'
import type { RedirectedPage, RenderedPage, RenderPage, RenderRequest } from '@shop/shared/server-render'
import { messages } from '@shop/shared/i18n/messages'
import { inlineSvg, jsonForHtml } from '@shop/shared/html'
import arCommonLater from './locales/ar/common-later.json'
import arStoreLater from './locales/ar/storefront-later.json'
import enCommon from './locales/en/common.json'
import enCommonLater from './locales/en/common-later.json'
import enStore from './locales/en/storefront.json'
import enStoreLater from './locales/en/storefront-later.json'
import heroSvg from '../public/hero.svg?raw'
import { App } from './app/app.tsx'
import { setServerHeroArt } from './features/landing/components/hero-art.tsx'
import { productsQuery } from './features/catalog/api/products.ts'
import { productsStateFromParams } from './features/catalog/hooks/use-products-url-state.ts'
import { prefetchCatalog } from './features/catalog/prefetch.ts'
import type { Paginated } from '@shop/shared/schemas/common'
import type { Product } from '@shop/shared/schemas/product'
import { setApiTransport } from './lib/api-client.ts'
import i18n, { deepMerge } from './lib/i18n.ts'
import { preloadServerRenderedParts } from './lib/preloadable.tsx'
import { createQueryClient } from './lib/query-client.ts'
import { SERVER_STATE_ELEMENT_ID, type ServerQuery } from './lib/server-state.ts'

// hero.svg keeps its box filled like `object-cover` by its own preserveAspectRatio.
setServerHeroArt(inlineSvg(heroSvg, 'width="100%" height="100%" focusable="false"', 'hero-art-'))

/** The pages rendered on the server: the landing page and the product list (any filters). */
export const SERVER_RENDERED_PATHS: readonly string[] = ['/', '/products']

// Every text of the storefront in both languages (the browser loads them in parts; the server has them all at once).
i18n.addResourceBundle('ar', 'common', arCommonLater, true, false)
i18n.addResourceBundle('ar', 'storefront', arStoreLater, true, false)
i18n.addResourceBundle('ar', 'shared', messages.ar, true, false)
i18n.addResourceBundle('en', 'common', deepMerge(enCommon, enCommonLater), true, false)
i18n.addResourceBundle('en', 'storefront', deepMerge(enStore, enStoreLater), true, false)
i18n.addResourceBundle('en', 'shared', messages.en, true, false)

/** At most this many render passes: each pass may ask for queries the previous one did not know of. */
const MAX_PASSES = 3

/**
 * The page at `request.url` rendered in `request.lang`, or null for a path the server does not render (the browser
 * renders those from the shell). Renders run one at a time: the language and the API transport are module-wide.
 */
export const renderPage: RenderPage = (request) => {
  const { pathname } = new URL(request.url, 'http://shop.invalid')
  if (!SERVER_RENDERED_PATHS.includes(pathname)) return Promise.resolve(null)
  return serially(() => render(request))
}

async function render({ url, lang, fetch }: RenderRequest): Promise<RenderedPage | RedirectedPage> {
  await i18n.changeLanguage(lang)
  setApiTransport(fetch)
  const client = createQueryClient()
  // A failed answer is not retried here: the browser asks again, as it does for a page it renders itself.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } })
  const { pathname, search } = new URL(url, 'http://shop.invalid')
  await preloadServerRenderedParts(pathname)
  prefetchCatalog(client, { pathname, search })
  const redirect = await pastTheLastPage(client, pathname, search)
  if (redirect) return { redirect }
  const tree = (
    <StrictMode>
      <StaticRouter location={url}>
        <App queryClient={client} />
      </StaticRouter>
    </StrictMode>
  )

  let root = ''
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    await settle(client)
    root = renderToString(tree)
    // Queries the render created but nothing fetched yet (a component asked for data no prefetch knew of).
    if (unfetched(client).length === 0) break
  }
  // A query that failed (or was never fetched) is left out, so the browser's first render shows it loading exactly as
  // the server did; rendering again without it keeps the two the same.
  const failed = client.getQueryCache().findAll({ predicate: (q) => q.state.status !== 'success' })
  if (failed.length > 0) {
    for (const q of failed) client.getQueryCache().remove(q)
    root = renderToString(tree)
  }
  // React writes preloads of the pictures it rendered first (the largest paint) before the markup; they go to <head>.
  const hoisted = /^(?:<link [^>]*>)*/.exec(root)![0]
  root = root.slice(hoisted.length)
  const state: ServerQuery[] = client
    .getQueryCache()
    .findAll({ predicate: (q) => q.state.status === 'success' })
    .map((q) => ({ key: q.queryKey, data: q.state.data, updatedAt: q.state.dataUpdatedAt }))
  client.clear()
  return {
    lang,
    dir: lang === 'ar' ? 'rtl' : 'ltr',
    title: `${i18n.t('brand.name')} | ${i18n.t('brand.tagline')}`,
    description: i18n.t('brand.description'),
    head: hoisted,
    root,
    data: `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${jsonForHtml(state)}</script>`,
  }
}

/**
 * The browser shows the last page instead of a page past it (products-page.tsx); the server sends the visitor there at
 * once, so an old link never shows "no products" while there are some.
 */
async function pastTheLastPage(client: QueryClient, pathname: string, search: string): Promise<string | null> {
  if (pathname !== '/products') return null
  await settle(client)
  const params = new URLSearchParams(search)
  const state = productsStateFromParams(params)
  const list = client.getQueryData<Paginated<Product>>(productsQuery(state).queryKey)
  if (!list || list.last_page < 1 || state.page <= list.last_page) return null
  if (list.last_page > 1) params.set('page', String(list.last_page))
  else params.delete('page')
  const query = params.toString()
  return `/products${query ? `?${query}` : ''}`
}

const unfetched = (client: QueryClient): Query[] =>
  client.getQueryCache().findAll({ predicate: (q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' })

/** Waits for every query in flight and fetches those the last render created. */
async function settle(client: QueryClient) {
  const cache = client.getQueryCache()
  await Promise.all([
    ...unfetched(client).map((q) => q.fetch().catch(() => undefined)),
    ...cache.findAll({ fetchStatus: 'fetching' }).map((q) => q.promise?.catch(() => undefined)),
  ])
}

let queue: Promise<unknown> = Promise.resolve()
function serially<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work)
  queue = run.catch(() => undefined)
  return run
}
