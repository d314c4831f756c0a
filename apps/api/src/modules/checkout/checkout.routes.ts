import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const checkoutRoutes: FastifyPluginAsyncZod = async (_app) => {}
