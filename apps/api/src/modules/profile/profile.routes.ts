import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ProfileResponse } from '@shop/shared/schemas/auth'
import { getProfile } from './profile.service.ts'

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile',
    {
      config: { access: 'signed_in' },
      schema: {
        tags: ['profile'],
        summary: 'The signed-in user and the checkout autofill from their last order',
        security: [{ bearer: [] }],
        response: { 200: ProfileResponse },
      },
    },
    async (request) => getProfile(app.db, request.user!.id, request.lang),
  )
}
