import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { pathToFileURL } from 'node:url'
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { constants, createGzip, gzip } from 'node:zlib'
import { createRequestHandler, type ServerBuild } from 'react-router'
import type { Language } from '@shop/shared/i18n/messages'
import type { StorefrontContext, StorefrontData } from '@shop/shared/storefront'
import { etagMatches } from '../lib/http-cache.ts'
import { acceptsGzip } from '../lib/http-encoding.ts'
import { recordPageError } from '../plugins/logging.ts'
import { cspNonce } from './csp-nonce.ts'

/**
 * The web app in the shop's one Fastify process (decision 0031): the browser build's files (dist/client), and every
 * other GET that is not /api rendered by React Router's request handler from the server build (dist/server/index.js),
 * with the shop's data in its load context. Without a build (API-only tests) pages are a JSON 404.
 */
export interface WebPluginOptions {
  /** Folder of the web app's build (apps/web/dist): client/ and server/index.js. */
  distDir: string
  data: StorefrontData
  /** Development: the server build from Vite's dev server on each request (apps/api/src/web/dev-server.ts). */
  devBuild?: () => Promise<ServerBuild>
}

const LANGUAGE_COOKIE = 'language'
const gzipAsync = promisify(gzip)

/** The page's language: `?lang=` (a shared link), else the `language` cookie the browser keeps, else Arabic. */
export function pageLanguage(request: FastifyRequest): { lang: Language; fromQuery: boolean } {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang
  if (asked === 'ar' || asked === 'en') return { lang: asked, fromQuery: true }
  const cookie = String(request.headers.cookie ?? '')
  return { lang: /(?:^|;\s*)language=en(?:;|$)/.test(cookie) ? 'en' : 'ar', fromQuery: false }
}

/** A Fetch API Request for React Router from Fastify's request (GET and HEAD only: the shop's pages have no actions). */
function toWebRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const url = `${request.protocol}://${request.host}${request.url}`
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
  }
  return new Request(url, { method: request.method, headers, signal })
}

async function webPluginImpl(app: FastifyInstance, options: WebPluginOptions) {
  const clientDir = join(options.distDir, 'client')
  const serverEntry = join(options.distDir, 'server/index.js')
  const built = existsSync(serverEntry)

  if (existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br/.gz siblings (apps/web/vite.config.ts): sent when the browser accepts them.
      preCompressed: true,
      setHeaders(res, path) {
        // Hashed file names: a new build is a new name, so a year is safe.
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable')
        else res.header('cache-control', 'public, max-age=3600')
      },
    })
  }

  const build =
    options.devBuild ??
    (built ? async () => (await import(pathToFileURL(serverEntry).href)) as ServerBuild : null)
  const handle = build ? createRequestHandler(build, options.devBuild ? 'development' : 'production') : null

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const api = path.startsWith('/api/') || path === '/api'
    // A form posted before the page's script arrived (a slow phone, a blocked script): the shop's pages have no
    // actions, so the page again, as a GET (issue 40). The body (a password) is never read, kept or logged; the
    // address stays on this origin.
    if (handle && !api && request.method === 'POST')
      return reply.redirect(`/${request.url.replace(/^[/\\]+/, '')}`, 303)
    if (!handle || api || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: request.t('errors.ROUTE_NOT_FOUND') })
    }
    return renderPage(request, reply, handle, options)
  })
}

async function renderPage(
  request: FastifyRequest,
  reply: FastifyReply,
  handle: ReturnType<typeof createRequestHandler>,
  options: WebPluginOptions,
) {
  const { lang, fromQuery } = pageLanguage(request)
  const aborted = new AbortController()
  request.raw.once('close', () => {
    if (!reply.raw.writableFinished) aborted.abort()
  })
  const shop: StorefrontContext = {
    lang,
    origin: request.server.appUrl,
    nonce: cspNonce(request),
    data: options.data,
    reportError: (error) => recordPageError(request, error),
  }
  const response = await handle(toWebRequest(request, aborted.signal), { shop })

  reply.status(response.status)
  for (const [name, value] of response.headers)
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value)
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie)
  // A link with ?lang= makes that language this visitor's choice (decision 0032).
  if (fromQuery)
    reply.header('set-cookie', `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`)
  // Pages are drawn in the visitor's language (the cookie), for this visitor only, and always asked for again.
  if (!response.headers.has('cache-control')) reply.header('cache-control', 'no-cache')
  reply.header('vary', 'Cookie, Accept-Encoding')
  const path = request.url.split('?')[0] ?? '/'
  // Decision 0030: staff pages keep their window to themselves (no cross-origin opener can reach it).
  if (path === '/dashboard' || path.startsWith('/dashboard/'))
    reply.header('cross-origin-opener-policy', 'same-origin')

  if (!response.body || request.method === 'HEAD') return reply.send()
  // A page or its `.data` that is the same as the one this browser has (issue 40): a validator, and 304 without the
  // body on a repeat visit. The page is read whole to hash it: its loaders have all answered once its shell is ready,
  // so the rest of the render is a few milliseconds. An answer that sets a cookie (a ?lang= link) is not one.
  if (request.method === 'GET' && response.status === 200 && !fromQuery) {
    const page = Buffer.from(await response.arrayBuffer())
    const etag = pageEtag(page, lang, shop.nonce)
    reply.header('etag', etag)
    if (etagMatches(request, etag)) {
      // The copy the browser keeps carries the nonce of the answer it came with; a 304 keeps that answer's policy.
      reply.removeHeader('content-security-policy')
      reply.removeHeader('content-type')
      return reply.code(304).send()
    }
    if (!acceptsGzip(request)) return reply.send(page)
    return reply.header('content-encoding', 'gzip').send(await gzipAsync(page))
  }
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>)
  if (!acceptsGzip(request)) return reply.send(body)
  // Compressed as it streams: each part React sends is flushed at once, not held for the whole page.
  return reply
    .header('content-encoding', 'gzip')
    .send(body.pipe(createGzip({ flush: constants.Z_SYNC_FLUSH })))
}

/**
 * A page's validator: its language and a hash of its bytes without this answer's CSP nonce (each answer has its own,
 * so two renders of the same page differ only there).
 */
export function pageEtag(page: Buffer, lang: Language, nonce: string): string {
  const hash = createHash('sha1')
  let from = 0
  const needle = Buffer.from(nonce)
  for (let at = nonce ? page.indexOf(needle) : -1; at >= 0; at = page.indexOf(needle, from)) {
    hash.update(page.subarray(from, at))
    from = at + needle.length
  }
  hash.update(page.subarray(from))
  return `W/"${lang}-${hash.digest('base64url')}"`
}

export const webPlugin = fp(webPluginImpl, { name: 'webPlugin' })
