import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyRequest } from 'fastify'

/**
 * A fresh nonce per response for the page's inline scripts (React Router's hydration data, the early script of
 * app/early-script.ts): the Content-Security-Policy allows scripts from this site and these, never 'unsafe-inline'.
 */
const NONCE = Symbol('cspNonce')
type WithNonce = IncomingMessage & { [NONCE]?: string }

export function nonceOf(raw: IncomingMessage): string {
  const req = raw as WithNonce
  return (req[NONCE] ??= randomBytes(16).toString('base64'))
}

export const cspNonce = (request: FastifyRequest) => nonceOf(request.raw)

/** The CSP's script-src entry for this request (helmet calls it with the raw request). */
export const nonceSource = (raw: IncomingMessage) => `'nonce-${nonceOf(raw)}'`
