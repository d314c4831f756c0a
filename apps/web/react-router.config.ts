import type { Config } from '@react-router/dev/config'

/**
 * React Router in framework mode (decision 0031): the storefront's public pages are rendered on the server by route
 * modules (src/app/routes) with their own `loader` and `meta`, and hydrated by the browser as soon as the app's
 * script arrives. apps/api serves the build (dist/client for the browser, dist/server/index.js for rendering) from
 * its Fastify process (apps/api/src/web/).
 */
export default {
  appDirectory: 'src',
  buildDirectory: 'dist',
  ssr: true,
} satisfies Config
