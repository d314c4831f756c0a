// `npm test`: the static checks (eslint, tsc for every workspace, prettier --check), then every suite — shared rules,
// the lint's boundary rules, web units, API on PGlite, API on PostgreSQL, browser journeys (docs/testing.md).
// Prints a table of each part's time and the ten slowest test files, then one closing line
// "tests: N passed, N failed". `npm test -- web api-pglite` runs only the named parts (`checks` is the static checks'
// name); `npm test -- --changed` runs only the tests related to files changed since main (`npm run test:changed`).
import { spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import pg from 'pg'

const root = new URL('..', import.meta.url).pathname
const out = join(root, 'test-output')
mkdirSync(out, { recursive: true })
const args = process.argv.slice(2)
const changed = args.includes('--changed')
const only = args.filter((a) => !a.startsWith('--'))
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const startedAt = Date.now()

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

/** The commit the current work started from: where main and HEAD meet (HEAD itself when on main). */
function changedBase() {
  return new Promise((resolve) => {
    const child = spawn('git', ['merge-base', 'HEAD', 'main'], { cwd: root })
    let text = ''
    child.stdout.on('data', (d) => (text += d))
    child.on('close', (code) => resolve(code === 0 && text.trim() ? text.trim() : 'HEAD'))
  })
}

/**
 * Runs a command. `quiet`: its output goes to a file, printed whole when it ends (parts that run side by side do not
 * interleave their lines). Resolves with the exit status and the seconds it took.
 */
function run(name, command, commandArgs, { cwd = root, env = {}, quiet = false } = {}) {
  const began = Date.now()
  return new Promise((resolve) => {
    const logFile = join(out, `${name}.log`)
    const child = spawn(command, commandArgs, {
      cwd,
      env: { ...process.env, ...env },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    })
    if (quiet) {
      const log = createWriteStream(logFile)
      child.stdout.pipe(log)
      child.stderr.pipe(log)
    }
    child.on('close', (code) => {
      const seconds = (Date.now() - began) / 1000
      if (quiet) {
        console.log(`\n== ${name} (${seconds.toFixed(0)} s)`)
        process.stdout.write(readFileSync(logFile, 'utf8'))
      }
      resolve({ status: code ?? 1, seconds })
    })
  })
}

const suites = [
  { name: 'shared', dir: 'packages/shared' },
  // The lint's own test: its boundary rules fail on the broken fixtures in lint/fixtures.
  { name: 'lint', dir: 'lint' },
  // The web units include the storefront's script budget, read from the browser build (issue 40, decision 0233).
  { name: 'web', dir: 'apps/web', needsBuild: true },
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
// The repository's own rules, checked before any test: a red lint, type error or unformatted file fails the run.
const checks = [
  { name: 'eslint', args: ['run', 'lint'] },
  { name: 'typecheck', args: ['run', 'typecheck'] },
  { name: 'prettier', args: ['run', 'format:check'] },
]

let passed = 0
let failed = 0
const failures = []
const times = []
const files = []

const wanted = (name) => !only.length || only.includes(name)
const runChecks = !changed && wanted('checks')
const selected = suites.filter(
  (s) => wanted(s.name) && !(changed && s.name === 'e2e' && !only.includes('e2e')),
)
const needsBuild = selected.some((s) => s.needsBuild)

// Static checks and the build run side by side: each is one process on one core, and none needs another's result.
const first = []
if (runChecks) {
  // eslint and prettier share a lane; tsc (the longest) has the other; the build joins whichever is free.
  first.push(
    (async () => {
      for (const check of [checks[0], checks[2]]) {
        const r = await run(check.name, 'npm', check.args, { quiet: true })
        times.push([check.name, r.seconds])
        if (r.status === 0) passed++
        else {
          failures.push(check.name)
          failed++
        }
      }
    })(),
  )
  first.push(
    run('typecheck', 'npm', checks[1].args, { quiet: true }).then((r) => {
      times.push(['typecheck', r.seconds])
      if (r.status === 0) passed++
      else {
        failures.push('typecheck')
        failed++
      }
    }),
  )
}
let built = !needsBuild
if (needsBuild) {
  first.push(
    run('build', 'npm', ['run', 'build'], { quiet: true }).then((r) => {
      times.push(['build', r.seconds])
      if (r.status === 0) built = true
      else {
        failures.push('build')
        failed++
      }
    }),
  )
}
await Promise.all(first)

const base = changed ? await changedBase() : null
for (const suite of selected) {
  if (suite.needsPostgres && !(await postgresReachable())) {
    if (process.env.SKIP_POSTGRES === '1') {
      console.warn(
        `\n!! ${suite.name}: PostgreSQL not reachable at ${pgUrl}; skipped because SKIP_POSTGRES=1`,
      )
      continue
    }
    console.error(
      `\n!! ${suite.name}: PostgreSQL is not reachable at ${pgUrl}. Start it, set TEST_DATABASE_URL, or set SKIP_POSTGRES=1.`,
    )
    failures.push(suite.name)
    failed++
    continue
  }
  if (suite.needsBuild && !built) {
    console.error(`\n!! ${suite.name}: not run, the build failed`)
    failures.push(suite.name)
    failed++
    continue
  }
  console.log(`\n== ${suite.name}`)
  const report = join(out, `vitest-${suite.name}.json`)
  rmSync(report, { force: true })
  const vitestArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]
  if (changed) vitestArgs.push(`--changed=${base}`, '--passWithNoTests')
  const r = await run(suite.name, 'npx', vitestArgs, { cwd: join(root, suite.dir), env: suite.env })
  times.push([suite.name, r.seconds])
  let counted = false
  if (existsSync(report)) {
    try {
      const json = JSON.parse(readFileSync(report, 'utf8'))
      passed += json.numPassedTests ?? 0
      failed += (json.numFailedTests ?? 0) + (json.numRuntimeErrorTestSuites ?? 0)
      counted = true
      for (const result of json.testResults ?? []) {
        const seconds = (result.endTime - result.startTime) / 1000
        if (Number.isFinite(seconds)) files.push([suite.name, relative(root, result.name), seconds])
      }
    } catch {
      // fall through to the exit status
    }
  }
  if (r.status !== 0) {
    failures.push(suite.name)
    if (!counted) failed++
  }
}

// What each part took, and where the time goes: the next slowdown is visible the day it lands.
const total = (Date.now() - startedAt) / 1000
const pad = (s, n) => String(s).padEnd(n)
const fmt = (s) => `${Math.floor(Math.round(s) / 60)}:${String(Math.round(s) % 60).padStart(2, '0')}`
console.log('\n== time')
console.log(`${pad('part', 16)} time`)
for (const [name, seconds] of times) console.log(`${pad(name, 16)} ${fmt(seconds)}`)
console.log(`${pad('whole run', 16)} ${fmt(total)}   (checks and build run side by side)`)
if (files.length) {
  console.log('\nslowest test files:')
  for (const [suite, file, seconds] of files.sort((a, b) => b[2] - a[2]).slice(0, 10))
    console.log(`${pad(fmt(seconds), 6)} ${pad(suite, 13)} ${file}`)
}

// The bench reports the last whole run's time beside its own rows (bench/src/run.ts, "test suite").
if (!only.length && !changed)
  writeFileSync(
    join(out, 'test-times.json'),
    JSON.stringify(
      {
        finished_at: new Date().toISOString(),
        whole_seconds: Math.round(total),
        passed: failures.length === 0 && failed === 0,
        parts: Object.fromEntries(times.map(([name, seconds]) => [name, Math.round(seconds)])),
        slowest_files: files
          .slice(0, 10)
          .map(([suite, file, seconds]) => ({ suite, file, seconds: Math.round(seconds) })),
      },
      null,
      1,
    ),
  )

if (failures.length) console.error(`\nFailed suites: ${failures.join(', ')}`)
console.log(`\ntests: ${passed} passed, ${failed} failed`)
process.exit(failures.length || failed ? 1 : 0)
