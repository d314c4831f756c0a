import fp from 'fastify-plugin'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { pickLanguage, translate, type Language } from '@shop/shared/i18n/messages'
import type { ErrorCode } from '@shop/shared/errors'
import { isDataException, isDatabaseDown } from '../db/errors.ts'
import { AppError } from '../lib/app-error.ts'
import { fieldErrorKeys } from '../lib/validation.ts'

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language
    t(key: string, params?: Record<string, string | number>): string
  }
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  406: 'BAD_REQUEST',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
}

/**
 * A body the client cut short or garbled (truncated multipart, broken boundary): busboy throws plain
 * errors without a status code, which would otherwise become a 500. Bad input is never a 5xx (product.md §8.1).
 */
function isMalformedBody(error: unknown): boolean {
  const message = (error as { message?: string })?.message ?? ''
  return /^(Unexpected end of (multipart data|form)|Multipart: Boundary not found|Malformed part header|Part terminated early)/i.test(
    message,
  )
}

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ code, message, ...extra })
}

async function errorsPluginImpl(app: FastifyInstance) {
  app.decorateRequest('lang', 'ar')
  app.decorateRequest(
    't',
    function (this: FastifyRequest, key: string, params?: Record<string, string | number>) {
      return translate(this.lang, key, params)
    },
  )
  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(request.headers['accept-language'])
  })

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const t = (key: string, params?: Record<string, string | number>) => translate(request.lang, key, params)

    if (error instanceof AppError) {
      const { params, fields, extra, messageKey, headers } = error.options
      if (headers) reply.headers(headers)
      const body: Record<string, unknown> = { ...extra }
      if (fields)
        body.errors = Object.fromEntries(
          Object.entries(fields).map(([k, keys]) => [k, keys.map((m) => t(m, params))]),
        )
      return send(
        reply,
        request,
        error.status,
        error.code,
        t(messageKey ?? `errors.${error.code}`, params),
        body,
      )
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const keys = fieldErrorKeys(
        error.validation.map((v) => ({
          path: (v.instancePath ?? '').split('/').filter(Boolean),
          message: v.message ?? '',
        })),
      )
      const errors = Object.fromEntries(
        Object.entries(keys).map(([field, list]) => [field, list.map((key) => t(key))]),
      )
      return send(reply, request, 422, 'VALIDATION_FAILED', t('errors.VALIDATION_FAILED'), { errors })
    }

    // SQLSTATE class 22 (data exception: NUL bytes, out-of-range numbers, malformed values) is bad input that got
    // past validation; the caller gets a 400, never a 500.
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'database refused a value')
      return send(reply, request, 400, 'BAD_REQUEST', t('errors.BAD_REQUEST'))
    }

    if (isDatabaseDown(error)) {
      request.log.warn({ err: error }, 'database unavailable')
      reply.header('Retry-After', '5')
      return send(reply, request, 503, 'SERVICE_UNAVAILABLE', t('errors.SERVICE_UNAVAILABLE'))
    }

    if (isMalformedBody(error)) return send(reply, request, 400, 'BAD_REQUEST', t('errors.BAD_REQUEST'))

    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      if (status === 429) {
        const retry = Number(reply.getHeader('retry-after')) || 60
        return send(
          reply,
          request,
          429,
          'TOO_MANY_REQUESTS',
          t('errors.TOO_MANY_REQUESTS', { count: Math.ceil(retry / 60) }),
        )
      }
      const code = STATUS_CODES[status] ?? 'BAD_REQUEST'
      // A JSON or form body over the body limit is not a file upload: say so, with the limit that applies.
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return send(reply, request, status, code, t('errors.REQUEST_TOO_LARGE'))
      return send(reply, request, status, code, t(`errors.${code}`))
    }

    request.log.error({ err: error }, 'unhandled error')
    return send(reply, request, 500, 'INTERNAL', t('errors.INTERNAL'))
  })
}

export const errorsPlugin = fp(errorsPluginImpl, { name: 'errorsPlugin' })
