import type { Language } from './i18n/messages.ts'

/**
 * Decision 29: what the API asks of the web app's server build (apps/web/src/entry-server.tsx) and what it gets back
 * (apps/api/src/plugins/server-render.ts puts it into the page).
 */
export interface RenderRequest {
  /** Path and query of the page, e.g. `/products?category=2&page=3`. */
  url: string
  lang: Language
  /** The shop's own API, answered in-process (GET only). */
  fetch: (url: string, init: RequestInit) => Promise<Response>
}

/** `/products` asked for a page past the last one (an old link, products sold out since): the address of the last. */
export interface RedirectedPage {
  redirect: string
}

export interface RenderedPage {
  lang: Language
  dir: 'rtl' | 'ltr'
  title: string
  description: string
  /** Tags for <head>: the preloads React put before the markup (the first pictures). */
  head: string
  /** The markup inside <div id="root">. */
  root: string
  /** The JSON data block with the answers the markup was drawn from, placed after #root. */
  data: string
}

/** The web app's server build: null for a page it does not render (the browser renders it from the shell). */
export type RenderPage = (request: RenderRequest) => Promise<RenderedPage | RedirectedPage | null>
