import { defineConfig } from 'vitest/config'
import { slowFilesFirst } from '../scripts/slow-files-first.ts'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: true,
    maxWorkers: 2,
    // One Chromium per worker, shared by the files it runs (support/browser.ts): the files share the worker's modules.
    isolate: false,
    passWithNoTests: true,
    // The longest journeys start first, beside the short ones, instead of alone at the end.
    sequence: {
      sequencer: slowFilesFirst([/accessibility-/, /online-payments/, /pack-sizes/, /team/, /shoppers/]),
    },
    // Pages update asynchronously; polls wait for what a user would see (no fixed sleeps).
    expect: { poll: { timeout: 30_000, interval: 100 } },
  },
})
