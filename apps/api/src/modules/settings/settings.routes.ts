import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PublicSettings, Setting, UpdateSettingInput } from '@shop/shared/schemas/setting'
import { isPaymentSetting } from '@shop/shared/permissions'
import { AppError } from '../../lib/app-error.ts'
import { addEtags } from '../../lib/http-cache.ts'
import { hasPermission } from '../../plugins/auth.ts'
import { listSettings, publicSettings, updateSetting } from './settings.service.ts'

const security = [{ bearer: [] }]

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public GETs (cache-control public) get an ETag and answer If-None-Match with 304 (performance.md).
  addEtags(app)

  app.get(
    '/settings',
    {
      config: { access: 'settings.manage' },
      schema: {
        tags: ['settings'],
        summary: 'Every setting, ordered by key',
        security,
        response: { 200: z.object({ data: z.array(Setting) }) },
      },
    },
    async () => ({ data: await listSettings(app.db) }),
  )

  app.get(
    '/settings/public',
    {
      config: { access: 'public' },
      schema: {
        tags: ['settings'],
        summary: 'Shop name, contacts and currency for the storefront',
        response: { 200: PublicSettings },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60')
      return publicSettings(app.db, { mail: app.mailer.configured, whatsapp: app.whatsapp.configured })
    },
  )

  app.put(
    '/settings',
    {
      config: { access: 'settings.manage' },
      schema: {
        tags: ['settings'],
        summary: 'Update one setting, found by key; the value is checked per key',
        security,
        body: UpdateSettingInput,
        response: { 200: Setting },
      },
    },
    async (request) => {
      // Decision 0190: payment settings (and the cash-on-delivery limit) are the owner's (settings.payments).
      if (isPaymentSetting(request.body.key) && !hasPermission(request.user, 'settings.payments'))
        throw new AppError('FORBIDDEN', 403, { messageKey: 'errors.SETTINGS_PAYMENTS_ONLY' })
      return updateSetting(app.db, app.actorOf(request), request.body)
    },
  )
}
