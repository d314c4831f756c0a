import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const categoriesRoutes: FastifyPluginAsyncZod = async (_app) => {}
