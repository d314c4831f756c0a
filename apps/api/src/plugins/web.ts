import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import sharp from 'sharp'
import { acceptsGzip } from '../lib/http-encoding.ts'
import { webDist, webPublic } from '../paths.ts'
import { serverRenderedHtml, serverRenderedTemplate, type PageRenderer } from './server-render.ts'

/** Serves the built web app (hashed assets cached for a year, index.html revalidated), SPA fallback and /logo.png. */
export interface WebPluginOptions {
  distDir?: string
  /**
   * What the shell of a page carries besides index.html: `head` tags (e.g. a preload of the picture that will be
   * its largest paint) and `root`, markup shown inside <div id="root"> until the app's first render replaces it.
   */
  pageHints?: (url: string) => Promise<PageHints>
  /** Decision 29: renders a storefront page on the server (plugins/server-render.ts); null for the pages it does not render. */
  renderPage?: PageRenderer | null
}

export interface PageHints {
  head?: string
  root?: string
}

async function webPluginImpl(app: FastifyInstance, options: WebPluginOptions) {
  const dist = options.distDir ?? webDist
  const indexPath = join(dist, 'index.html')
  const hasBuild = existsSync(indexPath)

  let logoPng: Buffer | null = null
  app.get('/logo.png', { schema: { hide: true } }, async (_request, reply) => {
    if (!logoPng) {
      const svgPath = [join(dist, 'logo.svg'), join(webPublic, 'logo.svg')].find((p) => existsSync(p))
      if (!svgPath) return reply.status(404).send({ code: 'NOT_FOUND', message: 'Not found' })
      logoPng = await sharp(readFileSync(svgPath)).resize(256, 256).png().toBuffer()
    }
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(logoPng)
  })

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The web build writes .br/.gz siblings (apps/web/vite.config.ts precompress): sent when the browser accepts them.
      preCompressed: true,
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable')
        else res.header('cache-control', 'public, max-age=3600')
      },
    })
  }

  const indexHtml = hasBuild ? inlineStylesheets(readFileSync(indexPath, 'utf8'), dist) : null
  const renderedTemplate = indexHtml ? serverRenderedTemplate(indexHtml) : null
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (path.startsWith('/api') || (request.method !== 'GET' && request.method !== 'HEAD') || !indexHtml || !renderedTemplate || /\.[a-z0-9]{2,5}$/i.test(path)) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: request.t('errors.ROUTE_NOT_FOUND') })
    }
    let html: string | null = null
    if (options.renderPage) {
      // A page that fails to render on the server is still served: as the shell, which the browser renders itself.
      const page = await options.renderPage(request).catch((error: unknown) => {
        request.log.error({ err: error, url: request.url }, 'server render failed; sending the shell')
        return null
      })
      // Only ever a /products address built by the render from this request's own filters (same origin).
      if (page && 'redirect' in page) return reply.header('cache-control', 'no-cache').header('vary', 'Cookie').redirect(page.redirect, 302)
      if (page) html = serverRenderedHtml(renderedTemplate, page)
    }
    if (html === null) {
      // A hint must never cost the page: any failure just sends the plain shell.
      const hints: PageHints = options.pageHints ? await options.pageHints(request.url).catch(() => ({})) : {}
      html = indexHtml
      // Replacement functions, not strings: a `$&` in a product name (the boot answers) must stay as it is.
      if (hints.head) html = html.replace('</head>', () => `${hints.head}</head>`)
      if (hints.root) html = html.replace('<div id="root"></div>', () => `<div id="root">${hints.root}</div>`)
    }
    // The page depends on the language cookie (server-rendered pages are in the visitor's language).
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Cookie')
    // Decision 30: staff pages keep their window to themselves (no cross-origin opener can reach it).
    if (path === '/dashboard' || path.startsWith('/dashboard/')) reply.header('cross-origin-opener-policy', 'same-origin')
    // Issue 7: the shell of /products carries its first data, so it is sent compressed when the browser can.
    if (!acceptsGzip(request)) return reply.send(html)
    return reply.header('content-encoding', 'gzip').send(gzipped(html))
  })
}

/**
 * Issue 7: the built stylesheet (~11 KB compressed) goes into the shell instead of a render-blocking request, so a
 * phone paints after one round trip instead of two. The file stays in assets/ for anything that links it.
 */
export function inlineStylesheets(html: string, dist: string): string {
  return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g, (tag, file: string) => {
    const path = join(dist, file)
    if (!existsSync(path)) return tag
    const css = readFileSync(path, 'utf8')
    return css.length > 150_000 || /<\/style/i.test(css) ? tag : `<style>${css}</style>`
  })
}

/** The last few compressed shells; a shell changes only with the catalogue (its data) or a new build. */
const gzipCache = new Map<string, Buffer>()
function gzipped(html: string): Buffer {
  let body = gzipCache.get(html)
  if (!body) {
    body = gzipSync(html, { level: 9 })
    if (gzipCache.size >= 16) gzipCache.delete(gzipCache.keys().next().value!)
    gzipCache.set(html, body)
  }
  return body
}

export const webPlugin = fp(webPluginImpl, { name: 'webPlugin' })
