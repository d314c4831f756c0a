import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const citiesRoutes: FastifyPluginAsyncZod = async (_app) => {}
