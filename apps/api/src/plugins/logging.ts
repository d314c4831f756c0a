import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import fp from 'fastify-plugin'
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino'
import pretty from 'pino-pretty'
import { redactUrl, scrubLine, serializeError } from '../lib/log-redaction.ts'

/**
 * Decision 0040: one line per request (id, method, address, status, time), readable on a terminal and JSON lines
 * elsewhere (LOG_FORMAT), at LOG_LEVEL; no secret or personal number ever reaches a line.
 */
export interface LogSettings {
  LOG_LEVEL: string
  LOG_FORMAT: 'auto' | 'pretty' | 'json'
}

/** Where lines go: stdout by default; a test passes its own stream. */
export interface LogOutput {
  stream?: NodeJS.WritableStream & { isTTY?: boolean }
}

/** The storefront's server render asks the API in-process (app.inject): part of the page's request, not traffic. */
export function isInProcess(request: FastifyRequest): boolean {
  return '_lightMyRequest' in request.raw
}

/** A caller's (load balancer's) X-Request-Id is kept when it is a plain token; otherwise 8 random characters. */
export function requestId(raw: IncomingMessage): string {
  const given = raw.headers['x-request-id']
  if (typeof given === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(given)) return given
  return randomBytes(6).toString('base64url')
}

function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), ip: request.ip }
}

function serializeReply(reply: FastifyReply) {
  return { statusCode: reply.statusCode }
}

/** `a1B2c3D4 POST /api/orders → 201 34 ms` on a terminal; other lines keep their message after the request id. */
const lineFormat: pretty.MessageFormatFunc = (log, messageKey) => {
  const id = typeof log.reqId === 'string' ? `${log.reqId} ` : ''
  const req = log.req as { method?: string; url?: string } | undefined
  const res = log.res as { statusCode?: number } | undefined
  if (req && res && typeof log.responseTime === 'number')
    return `${id}${req.method} ${req.url} → ${res.statusCode} ${Math.round(log.responseTime)} ms`
  if (req) return `${id}${req.method} ${req.url} ${String(log[messageKey])}`
  return `${id}${String(log[messageKey])}`
}

/** Readable lines for a person at a terminal (or when asked for); JSON lines for anything else. */
export function readableLogs(settings: LogSettings, output: LogOutput = {}): boolean {
  const stream = output.stream ?? process.stdout
  return settings.LOG_FORMAT === 'pretty' || (settings.LOG_FORMAT === 'auto' && stream.isTTY === true)
}

export function createLogger(settings: LogSettings, output: LogOutput = {}): Logger {
  const stream = output.stream ?? process.stdout
  const readable = readableLogs(settings, output)
  const options: LoggerOptions = {
    level: settings.LOG_LEVEL,
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { req: serializeRequest, res: serializeReply, err: serializeError, error: serializeError },
    // Objects a future log call might pass whole (a request body, headers, a mail).
    redact: {
      paths: [
        'password',
        '*.password',
        'token',
        '*.token',
        'headers.authorization',
        '*.headers.authorization',
        'headers.cookie',
        '*.headers.cookie',
        'text',
        'html',
      ],
      censor: '[redacted]',
    },
    hooks: { streamWrite: scrubLine },
  }
  // Synchronous writes: the lines of a shutdown are out before the process exits.
  const destination: DestinationStream = readable
    ? pretty({
        destination: output.stream ?? 1,
        sync: true,
        colorize: stream.isTTY === true,
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname,reqId,req,res,responseTime',
        messageFormat: lineFormat,
        singleLine: true,
      })
    : output.stream
      ? (output.stream as DestinationStream)
      : pino.destination({ dest: 1, sync: true })
  return pino(options, destination)
}

/** The first error of a page's loaders or render (web/web-plugin.ts), written on the page's request line. */
const pageErrors = new WeakMap<FastifyRequest, unknown>()

export function recordPageError(request: FastifyRequest, error: unknown) {
  if (!pageErrors.has(request)) pageErrors.set(request, error)
}

const firstLine = (text: string, max = 200) => {
  const line = text.split('\n', 1)[0] ?? ''
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

/**
 * A page error in a few hundred characters (issue 40): its type, SQLSTATE or code, the first line of its message and
 * of its cause, and where it was thrown. A failed query's error carries the whole SQL text and its values (8 KB for
 * a search); neither belongs in the log line of a page.
 */
export function briefError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: firstLine(String(error)) }
  const cause = error.cause instanceof Error ? error.cause : undefined
  const code = (error as { code?: unknown }).code ?? (cause as { code?: unknown } | undefined)?.code
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((l) => l.trimStart().startsWith('at '))
    .slice(0, 4)
    .map((l) => l.trim())
  return {
    type: error.name,
    message: firstLine(error.message),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(cause ? { cause: `${cause.name}: ${firstLine(cause.message)}` } : {}),
    ...(frames.length ? { at: frames } : {}),
  }
}

/**
 * Fastify's own request lines, replaced: an arrival line at debug only (it doubles the log, but shows what was in
 * flight at a crash) and one line per answer. The storefront render's in-process reads are logged at debug.
 */
export class ShopLogController extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (!isInProcess(request)) request.log.debug({ req: request }, 'request received')
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const pageError = pageErrors.get(request)
    const failed = error ?? (pageError === undefined ? undefined : briefError(pageError))
    const level = failed
      ? 'error'
      : isInProcess(request)
        ? 'debug'
        : reply.statusCode >= 500
          ? 'warn'
          : 'info'
    reply.log[level](
      {
        req: request,
        res: reply,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        ...(failed ? { err: failed } : {}),
      },
      'request completed',
    )
  }
}

async function loggingPluginImpl(app: FastifyInstance) {
  // The id of the answer's log line, so a shopper's report ("it failed") can be found in the log.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
}

export const loggingPlugin = fp(loggingPluginImpl, { name: 'loggingPlugin' })
