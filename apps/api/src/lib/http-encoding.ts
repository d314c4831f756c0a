import type { FastifyRequest } from 'fastify'

/** Whether the client takes a gzip body (Accept-Encoding names it; a q=0 refusal is not sent by browsers). */
export function acceptsGzip(request: FastifyRequest): boolean {
  return /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
}
