import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'

/**
 * Graceful shutdown (issue 8 "Faults": SIGTERM under load, exit within 10 s). Fastify closes idle
 * keep-alive connections when close() starts, but a connection whose request was still in flight
 * stays open after its answer until the client's idle timeout (Fastify keeps them 72 s), so
 * server.close() waited and the process was killed by its own 9 s guard. Answers sent while
 * closing carry `Connection: close`, so each such connection ends with its last answer.
 */
async function gracefulCloseImpl(app: FastifyInstance) {
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close')
    return payload
  })
}

export const gracefulClosePlugin = fp(gracefulCloseImpl, { name: 'gracefulClosePlugin' })
