import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    passWithNoTests: true,
    // Pages update asynchronously; polls wait for what a user would see (no fixed sleeps).
    expect: { poll: { timeout: 30_000, interval: 100 } },
  },
})
