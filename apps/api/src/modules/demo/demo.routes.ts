import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/app-error.ts'
import { hasPermission } from '../../plugins/auth.ts'
import { demoStatus, removeDemoData } from './demo.service.ts'

const security = [{ bearer: [] }]
const Counts = z.object({
  orders: z.number().int(),
  customers: z.number().int(),
  products: z.number().int(),
  categories: z.number().int(),
  offers: z.number().int(),
  content: z.boolean(),
})

/** Decision 0225: the demo shop's data, and the owner's one action that removes it. */
export const demoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/demo',
    {
      config: { access: 'settings.manage' },
      schema: {
        tags: ['settings'],
        summary: 'Whether the demo shop’s data is still present, and how much of it',
        security,
        response: { 200: z.object({ present: z.boolean(), counts: Counts }) },
      },
    },
    async () => demoStatus(app.db),
  )

  app.post(
    '/demo/remove',
    {
      // The whole shop's data: the owner's (staff.manage is the owner's among the built-in roles), who must also be
      // allowed to change the shop's settings.
      config: { access: 'staff.manage' },
      schema: {
        tags: ['settings'],
        summary:
          'Remove the demo orders, customers, products, categories, offers and farm texts; keeps everything of the owner’s',
        security,
        response: { 200: z.object({ removed: Counts }) },
      },
    },
    async (request) => {
      if (!hasPermission(request.user, 'settings.manage'))
        throw new AppError('FORBIDDEN', 403, { messageKey: 'errors.DEMO_REMOVE_OWNER_ONLY' })
      return removeDemoData(app.db, app.actorOf(request))
    },
  )
}
