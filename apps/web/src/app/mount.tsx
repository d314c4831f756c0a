import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import i18n from '../lib/i18n.ts'
import { takeEarlyInput } from '../lib/early-input.ts'
import { beginHydration } from '../lib/hydration.ts'
import { createQueryClient } from '../lib/query-client.ts'
import { preloadServerRenderedParts } from '../lib/preloadable.tsx'
import { seedQueries, takeServerState } from '../lib/server-state.ts'
import { prefetchCatalog } from '../features/catalog/prefetch.ts'
import { App } from './app.tsx'

/**
 * Puts the shop into `container` (main.tsx). Decision 29: a storefront page the server rendered (<html data-ssr>) in
 * this visitor's language is hydrated with the answers it was drawn from, so React adopts the markup on screen instead
 * of drawing it again; any other page (and a server-rendered one in another language) is rendered here. Either render
 * runs as a transition, in slices between which the browser can answer the visitor (issue 7).
 * `onRecoverableError`: tests use it to see a hydration mismatch.
 */
export async function mountApp(container: HTMLElement, options: Pick<RootOptions, 'onRecoverableError'> = {}): Promise<'hydrated' | 'rendered'> {
  const queryClient = createQueryClient()
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App queryClient={queryClient} />
      </BrowserRouter>
    </StrictMode>
  )
  const html = document.documentElement
  let server = html.hasAttribute('data-ssr') && !html.classList.contains('ssr-stale') && html.lang === i18n.language ? takeServerState() : null
  // The page's parts in chunks of their own (sections, footer, pager) must be here before React adopts the page; if
  // one cannot be loaded, the page is rendered afresh (those parts then load as they do on any other page).
  if (server) server = await preloadServerRenderedParts(window.location.pathname).then(() => server, () => null)
  if (server) {
    seedQueries(queryClient, server)
    beginHydration(takeEarlyInput(container))
    startTransition(() => void hydrateRoot(container, app, options))
    return 'hydrated'
  }
  takeEarlyInput(container)
  prefetchCatalog(queryClient, window.location)
  const root = createRoot(container, options)
  startTransition(() => root.render(app))
  return 'rendered'
}
