import { defineConfig } from 'vitest/config'
import { slowFilesFirst } from '../../scripts/slow-files-first.ts'

const onPostgres = Boolean(process.env.DATABASE_URL)

/**
 * Files that mock a module (vi.mock) need a fresh module registry: they run isolated. Every other file shares its
 * worker's modules and its worker's embedded database (test/pglite-pool.ts), so a file costs its tests, not a boot of
 * the app's modules and of PGlite (docs/testing.md).
 */
const MOCKING = ['src/lib/passwords.test.ts', 'src/modules/auth/sign-in-busy.test.ts']

/**
 * Files whose promise does not depend on the database engine (HTTP headers, timeouts, proxies, rendering, hashing,
 * pure helpers): they run once, in the PGlite pass (the engine every machine has), not again on PostgreSQL.
 * Everything that touches stock, money, locks, triggers, migrations or the ledger runs on both.
 */
export const ENGINE_INDEPENDENT = [
  'src/lib/html.test.ts',
  'src/lib/passwords.test.ts',
  'src/lib/passwords-argon2.test.ts',
  'src/lib/unlinkable.test.ts',
  'src/lib/log-redaction.test.ts',
  'src/modules/auth/auth-messages.test.ts',
  'src/modules/auth/sign-in-busy.test.ts',
  'src/modules/payments/providers/plutu-hash.test.ts',
  'src/plugins/logo-picture.test.ts',
  'test/security/headers.test.ts',
  'test/security/trust-proxy.test.ts',
  'test/security/server-timeouts.test.ts',
  'test/reliability/shutdown-answers.test.ts',
  'src/web/crawl.test.ts',
  'src/web/seo-routes.test.ts',
  'src/web/pages.test.ts',
]

const exclude = [
  '**/node_modules/**',
  // *.pg.test.ts need a real PostgreSQL server (outages, pg_dump): only in the PostgreSQL pass.
  ...(onPostgres ? ENGINE_INDEPENDENT : ['**/*.pg.test.ts']),
]
const include = ['src/**/*.test.ts', 'test/**/*.test.ts']

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The files that take ten seconds or more (each starts real server processes, or fuzzes, or loads thousands of
    // rows) start first, beside the short ones, instead of alone at the end.
    sequence: {
      sequencer: slowFilesFirst([
        /fresh-start-two-processes/,
        /security\/fuzz/,
        /imports-load/,
        /kill-during-checkout/,
        /database-outage/,
        /log-secrets/,
        /graceful-shutdown/,
        /shutdown-answers/,
        /previous-release/,
        /offers-api/,
      ]),
    },
    projects: [
      {
        extends: true,
        test: { name: 'shared-worker', include, exclude: [...exclude, ...MOCKING], isolate: false },
      },
      {
        extends: true,
        test: { name: 'isolated', include: MOCKING, exclude, isolate: true },
      },
    ],
  },
})
