import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Language } from '@shop/shared/i18n/messages'
import type { RedirectedPage, RenderedPage, RenderPage } from '@shop/shared/server-render'

/**
 * Decision 29 (issue 7): the storefront's catalogue pages (`/`, `/products`) are rendered on the server by the web
 * app's own components (apps/web/src/entry-server.tsx, built to apps/web/dist-ssr/entry-server.js), so a phone paints
 * the whole first screen from the HTML before any script has arrived. This file loads that build and answers its data
 * requests in-process; plugins/web.ts puts the result into the page.
 */

export type { RedirectedPage, RenderedPage }

export type PageRenderer = (request: FastifyRequest) => Promise<RenderedPage | RedirectedPage | null>

/** The language a page is rendered in: the `language` cookie the web app keeps in step with its saved choice, else ar. */
export function requestLanguage(request: FastifyRequest): Language {
  const cookie = String(request.headers.cookie ?? '')
  return /(?:^|;\s*)language=en(?:;|$)/.test(cookie) ? 'en' : 'ar'
}

/** An answer of the API to a render's data request. */
interface Answer {
  url: string
  status: number
  type: string
  body: Buffer
}

/**
 * The last pages rendered, by language and address, with the answers each was drawn from (at most PAGE_CACHE_SIZE,
 * least recently used first out). A request asks the API for those answers again (in-process, from its own caches,
 * well under a millisecond each) and gets the stored page when every one is unchanged, so a page is rendered again
 * only when what it shows changed: rendering one takes 50–150 ms of the event loop (React, two passes).
 */
const PAGE_CACHE_SIZE = 100

/**
 * The renderer of the web build at `entryPath`, or null when there is none (the API alone, tests with a bare web
 * build): pages are then the plain shell the browser renders. Data requests of a render go to this app in-process,
 * as GETs with the page's language, never with the visitor's credentials (the pages show public data only).
 */
export async function loadPageRenderer(app: FastifyInstance, entryPath: string): Promise<PageRenderer | null> {
  if (!existsSync(entryPath)) return null
  const entry = (await import(pathToFileURL(entryPath).href)) as { renderPage: RenderPage }
  const pages = new Map<string, { answers: Answer[]; page: RenderedPage | RedirectedPage }>()

  const ask = async (url: string, lang: Language): Promise<Answer> => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json', 'accept-language': lang } })
    return { url, status: res.statusCode, type: String(res.headers['content-type'] ?? 'application/json'), body: res.rawPayload }
  }

  return async (request) => {
    const lang = requestLanguage(request)
    const key = `${lang} ${request.url}`
    const cached = pages.get(key)
    if (cached) {
      const now = await Promise.all(cached.answers.map((a) => ask(a.url, lang)))
      if (now.every((a, i) => a.status === cached.answers[i]!.status && a.body.equals(cached.answers[i]!.body))) {
        pages.delete(key)
        pages.set(key, cached)
        return cached.page
      }
    }
    const answers: Answer[] = []
    const page = await entry.renderPage({
      url: request.url,
      lang,
      fetch: async (url, init) => {
        if ((init.method ?? 'GET') !== 'GET') throw new Error(`server render may only read: ${init.method} ${url}`)
        const answer = await ask(url, lang)
        answers.push(answer)
        return new Response(answer.status === 204 || answer.status === 304 ? null : answer.body, {
          status: answer.status,
          headers: { 'content-type': answer.type },
        })
      },
    })
    if (page) {
      pages.delete(key)
      pages.set(key, { answers, page })
      if (pages.size > PAGE_CACHE_SIZE) pages.delete(pages.keys().next().value!)
    }
    return page
  }
}

/** The built index.html as a server-rendered page's template: no module script or modulepreload (see below). */
export function serverRenderedTemplate(indexHtml: string): string {
  return (
    indexHtml
      // Added back by index.html's deferred-scripts loader once the page has loaded (apps/web/vite.config.ts).
      .replace(/<script type="module"[^>]*><\/script>/g, '')
      .replace(/<link rel="modulepreload"[^>]*>/g, '')
  )
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The page: `<html lang dir data-ssr>`, its title and description in its language, the render's picture preloads in
 * <head>, the rendered markup in #root with its data block after it. The font preloads stay at the start of <body>
 * where the build put them: in <head> Chromium holds the page's rendering until they have loaded, which on a phone
 * delayed the first paint by a second (Lighthouse: Speed Index 3.7 s against 2.3 s, decision 29).
 */
export function serverRenderedHtml(template: string, page: RenderedPage): string {
  // Replacement functions, not strings: a `$&` in a product name must stay as it is.
  return template
    .replace(/<html[^>]*>/, () => `<html lang="${page.lang}" dir="${page.dir}" data-ssr>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(page.description)}">`)
    .replace('</head>', () => `${page.head}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.root}</div>${page.data}`)
}
