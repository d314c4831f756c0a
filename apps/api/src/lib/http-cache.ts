import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isStaff } from '../plugins/auth.ts'

/**
 * Public catalogue reads may be cached briefly by browsers and proxies; staff views (buying prices,
 * inactive products) never are. Call after the guard resolved request.user. The texts follow Accept-Language
 * (decision 0059): a browser that switched language must not be answered from its cache of the other one.
 */
export function setCatalogCache(request: FastifyRequest, reply: FastifyReply) {
  reply.header('vary', 'Authorization, Accept-Language')
  reply.header('cache-control', isStaff(request.user) ? 'private, no-store' : 'public, max-age=30')
}

/** If-None-Match against an ETag; weak comparison (RFC 9110 §13.1.2): W/ prefixes do not matter. */
export function etagMatches(request: FastifyRequest, etag: string): boolean {
  const ifNoneMatch = request.headers['if-none-match']
  if (!ifNoneMatch) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag) || tag.trim() === '*')
}

/**
 * Adds a weak ETag (hash of the body) to public 200 answers of this plugin and answers If-None-Match with 304.
 * A handler that already set an ETag (the cached product list) answered If-None-Match itself.
 */
export function addEtags(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') return payload
    if (!String(reply.getHeader('cache-control') ?? '').startsWith('public') || reply.hasHeader('etag'))
      return payload
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`
    reply.header('etag', etag)
    if (etagMatches(request, etag)) {
      reply.code(304)
      reply.removeHeader('content-type')
      return ''
    }
    return payload
  })
}
