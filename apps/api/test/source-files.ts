import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// The source tests (one writer of an order's state, of stock) read the API's own files, migrations and tests aside.

/** apps/api/src */
export const SRC = fileURLToPath(new URL('../src/', import.meta.url))

/** Every .ts file below `dir` but tests and migrations. */
export function sourceFiles(dir: string = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sourceFiles(path)
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : []
  })
}
