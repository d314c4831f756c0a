import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const importsRoutes: FastifyPluginAsyncZod = async (_app) => {}
