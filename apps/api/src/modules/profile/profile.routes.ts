import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const profileRoutes: FastifyPluginAsyncZod = async (_app) => {}
