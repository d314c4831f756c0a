import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
export const benchRoot = fileURLToPath(new URL('../../', import.meta.url))
export const tsxBin = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url))
