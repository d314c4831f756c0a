import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

// The API runs from source (tests, dev) and from dist/server.js (start); both find the package root.
function findApiRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 6; i++) {
    const pkg = join(dir, 'package.json')
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === '@shop/api')
      return dir
    dir = dirname(dir)
  }
  throw new Error('Cannot find the @shop/api package root')
}

export const apiRoot = findApiRoot()
export const migrationsFolder = join(apiRoot, 'src/db/migrations')
export const assetsFolder = join(apiRoot, 'assets')
export const webRoot = resolve(apiRoot, '../web')
export const webDist = resolve(apiRoot, '../web/dist')
export const webPublic = resolve(apiRoot, '../web/public')
