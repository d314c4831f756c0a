import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // *.pg.test.ts need a real PostgreSQL server (outages, pg_dump): only in the PostgreSQL pass.
    exclude: process.env.DATABASE_URL ? ['**/node_modules/**'] : ['**/node_modules/**', '**/*.pg.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
