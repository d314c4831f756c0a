import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../lib/app-error.ts'

export type LifecycleState = 'starting' | 'ready' | 'closing'

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: {
      readonly state: LifecycleState
      /** server.ts: migrations and the seed are done, the shop may answer. */
      markReady(): void
    }
  }
}

export interface GracefulCloseOptions {
  /** Start in `starting` (503 to everything) until markReady(); otherwise the app is ready once built (tests). */
  starting?: boolean
}

/** Seconds a client (or load balancer) should wait before it tries again: a restart or a rolling deploy. */
const RETRY_AFTER_SECONDS = '5'

/**
 * Decision 0042: while the process starts (migrations, first seed) or closes, every request it reads is answered
 * with the shop's JSON error (503 SERVICE_UNAVAILABLE, translated, Retry-After) — never the framework's own 503
 * body, which `return503OnClosing` sent to requests arriving on kept-alive connections during a shutdown. Requests
 * read before the close began run to their real answer.
 *
 * Decision 0042 also keeps the earlier rule (SIGTERM under load, exit within 10 s): a connection whose request was
 * in flight when the close began stays open after its answer until the client's idle timeout, so server.close()
 * would wait for it. Answers sent while closing carry `Connection: close`, so each such connection ends with its
 * last answer (the last one read on it, when a client pipelines).
 */
async function gracefulCloseImpl(app: FastifyInstance, options: GracefulCloseOptions) {
  let state: LifecycleState = options.starting ? 'starting' : 'ready'
  app.decorate('lifecycle', {
    get state() {
      return state
    },
    markReady() {
      if (state === 'starting') state = 'ready'
    },
  })
  app.addHook('preClose', async () => {
    state = 'closing'
    app.log.info('closing: requests read from now on are answered 503 SERVICE_UNAVAILABLE')
  })
  // Requests read on each connection and not yet answered: with HTTP pipelining a second request can be read while
  // the first is in flight, and its answer must not be cut off by the first one's `Connection: close`.
  const pending = new WeakMap<object, number>()
  app.addHook('onRequest', async (request) => {
    pending.set(request.raw.socket, (pending.get(request.raw.socket) ?? 0) + 1)
    if (state !== 'ready') {
      throw new AppError('SERVICE_UNAVAILABLE', 503, { headers: { 'retry-after': RETRY_AFTER_SECONDS } })
    }
  })
  app.addHook('onSend', async (request, reply, payload) => {
    if (state === 'closing' && (pending.get(request.raw.socket) ?? 0) <= 1)
      reply.header('connection', 'close')
    return payload
  })
  app.addHook('onResponse', async (request) => {
    const left = (pending.get(request.raw.socket) ?? 1) - 1
    if (left > 0) pending.set(request.raw.socket, left)
    else pending.delete(request.raw.socket)
  })
}

export const gracefulClosePlugin = fp(gracefulCloseImpl, {
  name: 'gracefulClosePlugin',
  dependencies: ['errorsPlugin', 'loggingPlugin'],
})
