/**
 * Builds a fixture of previous-release.test.ts: a database filled by an older release (its schema at its last
 * migration) and that release's own API answers about it. The releases and their fixture directories are in
 * releases.ts; each release's fill is fill-<release>.ts (5c409e9: issue 28, before pack sizes; 302a863: issue 29's
 * offers and packs, before issue 30's staff roles and stock ledger).
 *
 * Re-run from the repository root (about a minute), naming the release:
 *
 *   npx tsx apps/api/test/migration/make-previous-release-fixture.ts 302a863
 *
 * It checks the release out in a throwaway worktree (/tmp/shop-prev-release-…, node_modules linked from this
 * checkout: the dependencies did not change; the workspace packages link to the worktree's own copies), then runs
 * itself there: the release migrates a fresh PGlite, is filled through its own API (a few SQL updates only where the
 * API has no call: dates in the past, a product erased, a staff role), and its answers are recorded. It writes, in the
 * release's directory,
 *
 *   previous-release-data.sql  every row of every table (INSERTs of JSON rows) and the sequences
 *   previous-release-answers.json  the calls and the release's answers (status, type, body)
 *   previous-release-migrations.json  the SHA-256 of the release's migrations as it had them
 *
 * then checks the files: a second database of the release loaded from the SQL answers every call exactly as recorded
 * (nothing in them depends on the moment or on state the SQL misses), and removes the worktree. A fixture changes only
 * when it is re-made (times, order numbers and hashes are those of the run); fixture/ (5c409e9) is kept as made.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { answerBody, answerDifferences, differences } from './compare.ts'
import type { Answer, Fill, OldApp, PgliteLike } from './fill-types.ts'
import { PREVIOUS_RELEASES, type PreviousRelease } from './releases.ts'

const sha256 = (data: Buffer) => `sha256:${createHash('sha256').update(data).digest('hex')}`
const here = dirname(fileURLToPath(import.meta.url))

interface OldDatabase {
  pglite?: PgliteLike
  close(): Promise<void>
}

const wanted = process.env.PREV_RELEASE ?? process.argv[2]
const release = PREVIOUS_RELEASES.find((r) => r.release === wanted)
if (!release) {
  console.error(
    `usage: make-previous-release-fixture.ts <release>, one of ${PREVIOUS_RELEASES.map((r) => r.release).join(', ')}`,
  )
  process.exit(2)
}
const fixtureDir = join(here, release.dir)

if (process.env.PREV_RELEASE_ROOT) await fill(process.env.PREV_RELEASE_ROOT, release)
else prepareAndRun(release)

/** Parent: a worktree of the release, its node_modules, then this script run inside it. */
function prepareAndRun(release: PreviousRelease) {
  const repo = join(here, '../../../..')
  const current = spawnSync('git', ['rev-parse', '--show-toplevel'], {
    cwd: repo,
    encoding: 'utf8',
  }).stdout.trim()
  const prev = mkdtempSync(join(tmpdir(), 'shop-prev-release-'))
  rmSync(prev, { recursive: true })
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { cwd: current, stdio: 'inherit' })
    if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed`)
  }
  git('worktree', 'add', '--detach', prev, release.release)
  try {
    linkNodeModules(current, prev)
    mkdirSync(fixtureDir, { recursive: true })
    const r = spawnSync(join(current, 'node_modules/.bin/tsx'), [fileURLToPath(import.meta.url)], {
      cwd: join(prev, 'apps/api'),
      stdio: 'inherit',
      env: { ...process.env, PREV_RELEASE_ROOT: prev, PREV_RELEASE: release.release, DATABASE_URL: '' },
    })
    if (r.status !== 0) throw new Error('filling the previous release failed')
    spawnSync(join(current, 'node_modules/.bin/prettier'), ['--write', fixtureDir], { stdio: 'inherit' })
  } finally {
    git('worktree', 'remove', '--force', prev)
  }
}

/** Every package linked from this checkout, except the workspace's own (@shop/*): those are the worktree's. */
function linkNodeModules(current: string, prev: string) {
  const root = join(prev, 'node_modules')
  mkdirSync(root)
  for (const name of readdirSync(join(current, 'node_modules'))) {
    if (name === '@shop') continue
    symlinkSync(join(current, 'node_modules', name), join(root, name))
  }
  mkdirSync(join(root, '@shop'))
  for (const [name, dir] of Object.entries({
    api: 'apps/api',
    web: 'apps/web',
    shared: 'packages/shared',
    e2e: 'e2e',
    bench: 'bench',
  })) {
    if (existsSync(join(prev, dir))) symlinkSync(join(prev, dir), join(root, '@shop', name))
  }
  for (const dir of ['apps/api', 'apps/web', 'packages/shared', 'e2e', 'bench']) {
    const own = join(current, dir, 'node_modules')
    if (existsSync(own) && existsSync(join(prev, dir))) symlinkSync(own, join(prev, dir, 'node_modules'))
  }
}

/** Child, inside the release: fill its database through its API and record its answers. */
async function fill(prev: string, release: PreviousRelease) {
  const api = join(prev, 'apps/api/src')
  const { openDatabase } = (await import(join(api, 'db/client.ts'))) as {
    openDatabase(o: object): Promise<OldDatabase>
  }
  const { migrateDatabase } = (await import(join(api, 'db/migrate.ts'))) as {
    migrateDatabase(d: OldDatabase): Promise<void>
  }
  const { buildApp } = (await import(join(api, 'app.ts'))) as { buildApp(o: object): Promise<OldApp> }
  const { fill: fillRelease } = (await import(join(here, `fill-${release.release}.ts`))) as { fill: Fill }

  const database = await openDatabase({})
  await migrateDatabase(database)
  const pglite = database.pglite!
  const env = {
    APP_URL: 'http://shop.test',
    PAYMENT_SWEEP_SECONDS: 0,
    PLUTU_API_KEY: 'test-key',
    PLUTU_ACCESS_TOKEN: 'test-token',
    PLUTU_SECRET_KEY: 'sk_test_secret',
    PAYPAL_CLIENT_ID: 'test-client',
    PAYPAL_CLIENT_SECRET: 'test-secret',
    PAYPAL_WEBHOOK_ID: 'test-webhook',
    PAYPAL_BASE_URL: 'http://127.0.0.1:9',
  }
  const app = await buildApp({ database, env, webDist: '/nonexistent', abuseLimits: false })

  const call = async (
    method: string,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
    expected = [200, 201],
  ) => {
    const res = await app.inject({ method, url, payload, headers })
    if (!expected.includes(res.statusCode)) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
    return (res.body ? res.json() : {}) as Record<string, unknown> & { id: number }
  }

  // The release's answers.
  const answers: Answer[] = []
  const who: Record<Answer['as'], Record<string, string>> = { staff: {}, admin: {}, shopper: {}, guest: {} }
  const record = async (
    name: string,
    url: string,
    as: Answer['as'],
    lang: Answer['lang'] = 'ar',
    payload?: unknown,
  ) => {
    const method = payload === undefined ? 'GET' : 'POST'
    const res = await app.inject({ method, url, payload, headers: { ...who[as], 'accept-language': lang } })
    const type = String(res.headers['content-type'] ?? '')
    const asked = { name, method, url, ...(payload === undefined ? {} : { payload }), as, lang } as const
    answers.push({
      ...asked,
      status: res.statusCode,
      type,
      body: type.startsWith('image/') ? sha256(res.rawPayload) : answerBody(type, res.body),
    })
  }
  const people = await fillRelease({ app, pglite, call, record, who })

  // Every row of every table, and the sequences; but the mails: the outbox's rendered pages (most of the bytes) are
  // in no answer compared, and a test must not send them.
  await pglite.query('DELETE FROM mail_outbox')
  const tables = (
    await pglite.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  ).rows.map((r) => r.name)
  const lines = [
    `-- The database the previous release (${release.release}, migrations 0000-${String(release.lastMigration).padStart(4, '0')}) left after`,
    '-- make-previous-release-fixture.ts filled it. Loaded by previous-release.test.ts with triggers off',
    '-- (session_replication_role = replica): every row as the previous release stored it.',
    `TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE;`,
  ]
  for (const table of tables) {
    const columns = (
      await pglite.query<{ name: string }>(
        `SELECT column_name AS name FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
        [table],
      )
    ).rows.map((r) => `"${r.name}"`)
    const rows = await pglite.query<{ row: string }>(
      `SELECT row_to_json(t)::text AS row FROM "${table}" t ORDER BY 1`,
    )
    for (const { row } of rows.rows) {
      lines.push(
        `INSERT INTO "${table}" (${columns.join(', ')}) OVERRIDING SYSTEM VALUE SELECT ${columns.join(', ')} FROM json_populate_record(NULL::"${table}", '${row.replaceAll("'", "''")}');`,
      )
    }
  }
  const sequences = await pglite.query<{ name: string; last: number | null }>(
    `SELECT sequencename AS name, last_value::int AS last FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
  )
  for (const s of sequences.rows) {
    lines.push(
      s.last === null
        ? `SELECT setval('"${s.name}"', 1, false);`
        : `SELECT setval('"${s.name}"', ${s.last}, true);`,
    )
  }
  writeFileSync(join(fixtureDir, 'previous-release-data.sql'), `${lines.join('\n')}\n`)
  writeFileSync(join(fixtureDir, 'previous-release-answers.json'), `${JSON.stringify(answers, null, 2)}\n`)

  const migrations = join(api, 'db/migrations')
  const hashes = Object.fromEntries(
    readdirSync(migrations)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f) => [
        f,
        createHash('sha256')
          .update(readFileSync(join(migrations, f)))
          .digest('hex'),
      ]),
  )
  writeFileSync(
    join(fixtureDir, 'previous-release-migrations.json'),
    `${JSON.stringify({ release: release.release, migrations: hashes }, null, 2)}\n`,
  )
  await app.close()
  await database.close()

  // The replay check: the previous release on a database loaded from the SQL gives the same answers.
  const { hashToken, newToken } = (await import(join(api, 'lib/tokens.ts'))) as {
    hashToken(t: string): string
    newToken(): string
  }
  const copy = await openDatabase({})
  await migrateDatabase(copy)
  await copy.pglite!.exec(
    `SET session_replication_role = replica;\n${lines.join('\n')}\nSET session_replication_role = DEFAULT;`,
  )
  const replay = await buildApp({ database: copy, env, webDist: '/nonexistent', abuseLimits: false })
  for (const [as, id] of Object.entries(people) as [Answer['as'], number][]) {
    const token = newToken()
    await copy.pglite!.query(
      `INSERT INTO api_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
      [id, hashToken(token)],
    )
    who[as] = { authorization: `Bearer ${token}` }
  }
  const mismatches: string[] = []
  for (const old of answers) {
    const res = await replay.inject({
      method: old.method,
      url: old.url,
      payload: old.payload,
      headers: { ...who[old.as], 'accept-language': old.lang },
    })
    const type = String(res.headers['content-type'] ?? '')
    const now = {
      status: res.statusCode,
      type,
      body: type.startsWith('image/') ? sha256(res.rawPayload) : res.body,
    }
    const diff = [
      ...answerDifferences(old, now),
      // Both ways: the replay adds nothing either.
      ...(old.type.startsWith('application/json')
        ? differences(answerBody(now.type, now.body), old.body)
        : []),
    ]
    if (diff.length) mismatches.push(`${old.name} (${old.as}, ${old.lang}): ${diff.slice(0, 5).join('; ')}`)
  }
  await replay.close()
  await copy.close()
  if (mismatches.length) throw new Error(`the replay differs:\n${mismatches.join('\n')}`)
  console.log(`fixture: ${tables.length} tables, ${lines.length} lines of SQL, ${answers.length} answers`)
}
