// Bundles the API (and the shared package's TypeScript) into dist/server.js; npm packages stay external.
import { build } from 'esbuild'
import { readFileSync } from 'node:fs'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (d) => !d.startsWith('@shop/'),
)

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // vite is only imported by npm run dev (src/web/dev-server.ts), from the workspace, never bundled.
  external: [...external, ...external.map((d) => `${d}/*`), 'vite'],
  logLevel: 'warning',
})
console.log('api built: apps/api/dist/server.js')
