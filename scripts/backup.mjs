// `npm run backup [-- <file>]`: a consistent backup of the shop's database (docs/operations.md).
// PostgreSQL (DATABASE_URL set): pg_dump in custom format, safe while the shop runs.
// PGlite (embedded, DATA_DIR): a tar.gz of the data directory made with PGlite's dumpDataDir — stop the shop
// first, because only one process may open an embedded data directory.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const url = process.env.DATABASE_URL
const out = resolve(process.argv[2] ?? `backups/shop-${stamp}.${url ? 'dump' : 'tar.gz'}`)
mkdirSync(dirname(out), { recursive: true })

if (url) {
  const r = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${out}`, url], {
    stdio: 'inherit',
  })
  if (r.error)
    console.error(`pg_dump could not run (${r.error.message}); install the PostgreSQL client tools.`)
  if (r.status !== 0) process.exit(1)
} else {
  const dataDir = resolve(process.env.DATA_DIR ?? './data')
  if (!existsSync(dataDir)) {
    console.error(`No data directory at ${dataDir} (set DATA_DIR).`)
    process.exit(1)
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } })
  try {
    const dump = await db.dumpDataDir('gzip')
    writeFileSync(out, Buffer.from(await dump.arrayBuffer()))
  } finally {
    await db.close()
  }
}
console.log(`backup written: ${out}`)
