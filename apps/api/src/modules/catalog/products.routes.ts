import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const productsRoutes: FastifyPluginAsyncZod = async (_app) => {}
