// `npm test`: the static checks (eslint, tsc for every workspace, prettier --check), then every suite in order — shared
// rules, the lint's boundary rules, web units, API on PGlite, API on PostgreSQL, browser journeys.
// Prints one closing line "tests: N passed, N failed". `npm test -- web api-pglite` runs only the named steps
// (`checks` is the static checks' name).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'

const root = new URL('..', import.meta.url).pathname
const out = join(root, 'test-output')
mkdirSync(out, { recursive: true })
const only = process.argv.slice(2)
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

async function postgresReachable() {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.end()
    return true
  } catch {
    return false
  }
}

const steps = [
  { name: 'shared', dir: 'packages/shared' },
  // The lint's own test: its boundary rules fail on the broken fixtures in lint/fixtures.
  { name: 'lint', dir: 'lint' },
  { name: 'web', dir: 'apps/web' },
  // The API suites render the storefront's pages with the web app's server build, as the browser journeys do.
  { name: 'api-pglite', dir: 'apps/api', env: { DATABASE_URL: '' }, needsBuild: true },
  {
    name: 'api-postgres',
    dir: 'apps/api',
    env: { DATABASE_URL: pgUrl },
    needsPostgres: true,
    needsBuild: true,
  },
  { name: 'e2e', dir: 'e2e', needsBuild: true },
]

let built = false
let passed = 0
let failed = 0
const failures = []

// The repository's own rules, checked before any test: a red lint, type error or unformatted file fails the run.
const checks = [
  { name: 'eslint', args: ['run', 'lint'] },
  { name: 'typecheck', args: ['run', 'typecheck'] },
  { name: 'prettier', args: ['run', 'format:check'] },
]
if (!only.length || only.includes('checks')) {
  for (const check of checks) {
    console.log(`\n== ${check.name}`)
    const r = spawnSync('npm', check.args, { cwd: root, stdio: 'inherit' })
    if (r.status === 0) passed++
    else {
      failures.push(check.name)
      failed++
    }
  }
}
for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue
  if (step.needsPostgres && !(await postgresReachable())) {
    if (process.env.SKIP_POSTGRES === '1') {
      console.warn(`\n!! ${step.name}: PostgreSQL not reachable at ${pgUrl}; skipped because SKIP_POSTGRES=1`)
      continue
    }
    console.error(
      `\n!! ${step.name}: PostgreSQL is not reachable at ${pgUrl}. Start it, set TEST_DATABASE_URL, or set SKIP_POSTGRES=1.`,
    )
    failures.push(step.name)
    failed++
    continue
  }
  if (step.needsBuild && !built) {
    console.log('\n== building the shop (pages rendered by the API suites and the browser journeys)')
    const b = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
    if (b.status !== 0) {
      failures.push('build')
      failed++
      continue
    }
    built = true
  }
  console.log(`\n== ${step.name}`)
  const report = join(out, `vitest-${step.name}.json`)
  const r = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {
      cwd: join(root, step.dir),
      stdio: 'inherit',
      env: { ...process.env, ...step.env },
    },
  )
  let counted = false
  if (existsSync(report)) {
    try {
      const json = JSON.parse(readFileSync(report, 'utf8'))
      passed += json.numPassedTests ?? 0
      failed += (json.numFailedTests ?? 0) + (json.numRuntimeErrorTestSuites ?? 0)
      counted = true
    } catch {
      // fall through to the exit status
    }
  }
  if (r.status !== 0) {
    failures.push(step.name)
    if (!counted) failed++
  }
}

if (failures.length) console.error(`\nFailed suites: ${failures.join(', ')}`)
console.log(`\ntests: ${passed} passed, ${failed} failed`)
process.exit(failures.length || failed ? 1 : 0)
