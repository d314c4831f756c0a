import type { FastifyInstance } from 'fastify'
import type { ServerBuild } from 'react-router'
import { webRoot } from '../paths.ts'

/**
 * `npm run dev`: the web app from source through Vite in middleware mode inside the shop's Fastify process, the way
 * React Router's own custom-server template does it. Vite serves the modules and hot updates; each page request loads
 * the current server build from Vite, so edits show without a restart. Never used by `npm start` or the tests.
 */
export async function createWebDevServer(app: FastifyInstance): Promise<() => Promise<ServerBuild>> {
  const [{ createServer }, { default: middie }] = await Promise.all([
    import('vite'),
    import('@fastify/middie'),
  ])
  const vite = await createServer({
    root: webRoot,
    configFile: `${webRoot}/vite.config.ts`,
    server: { middlewareMode: true },
    appType: 'custom',
  })
  await app.register(middie)
  app.use(vite.middlewares)
  app.addHook('onClose', () => vite.close())
  return () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
}
