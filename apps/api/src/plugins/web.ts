import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { webDist, webPublic } from '../paths.ts'

/** Serves the built web app (hashed assets cached for a year, index.html revalidated), SPA fallback and /logo.png. */
export interface WebPluginOptions {
  distDir?: string
  /** Extra <head> tags for a page (e.g. a preload of the image that will be its largest paint). */
  headHints?: (url: string) => Promise<string>
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

  const indexHtml = hasBuild ? readFileSync(indexPath, 'utf8') : null
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (path.startsWith('/api') || request.method !== 'GET' || !indexHtml || /\.[a-z0-9]{2,5}$/i.test(path)) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: request.t('errors.ROUTE_NOT_FOUND') })
    }
    // A hint must never cost the page: any failure just sends the plain shell.
    const hints = options.headHints ? await options.headHints(request.url).catch(() => '') : ''
    const html = hints ? indexHtml.replace('</head>', `${hints}</head>`) : indexHtml
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html)
  })
}

export const webPlugin = fp(webPluginImpl, { name: 'webPlugin' })
