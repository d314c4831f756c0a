// `npm run restore -- <file>`: puts a backup made by scripts/backup.mjs back (docs/operations.md).
// PostgreSQL (DATABASE_URL set): pg_restore into that database (create it first; existing shop tables are replaced).
// PGlite (DATA_DIR): unpacks into an empty DATA_DIR; a non-empty one is only replaced with --force and is
// kept beside it as <DATA_DIR>.before-restore-<time>. Stop the shop first.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs'
import { resolve } from 'node:path'

const args = process.argv.slice(2)
const force = args.includes('--force')
const file = args.find((a) => !a.startsWith('--'))
if (!file || !existsSync(file)) {
  console.error('usage: node scripts/restore.mjs <backup file> [--force]')
  process.exit(1)
}
const url = process.env.DATABASE_URL

if (url) {
  const r = spawnSync(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      `--dbname=${url}`,
      resolve(file),
    ],
    { stdio: 'inherit' },
  )
  if (r.error)
    console.error(`pg_restore could not run (${r.error.message}); install the PostgreSQL client tools.`)
  if (r.status !== 0) process.exit(1)
} else {
  const dataDir = resolve(process.env.DATA_DIR ?? './data')
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    if (!force) {
      console.error(
        `${dataDir} is not empty. Stop the shop and run again with --force to replace it (the old one is kept).`,
      )
      process.exit(1)
    }
    const aside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
    renameSync(dataDir, aside)
    console.log(`previous data kept in ${aside}`)
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const db = await PGlite.create({
    dataDir,
    extensions: { pg_trgm },
    loadDataDir: new Blob([readFileSync(file)]),
  })
  const { rows } = await db.query('select count(*)::int as n from orders')
  await db.close()
  console.log(`restored into ${dataDir} (${rows[0].n} orders)`)
}
console.log('restore done')
