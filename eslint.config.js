import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { importBoundaries } from './lint/boundaries.js'

const root = import.meta.dirname

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/.react-router/**',
      'apps/web/.prof/**',
      '**/node_modules/**',
      'data/**',
      'test-output/**',
      'apps/api/src/db/migrations/**',
      'lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Decision 0045: modules (API) and features (web) do not import each other; no import cycles. The API's web/ folder
  // is, like app.ts, where modules are put together (the pages' data), so it may use them.
  ...importBoundaries({
    base: root,
    src: 'apps/api/src',
    features: 'modules',
    shared: ['lib', 'db', 'domain', 'plugins'],
  }),
  // The web app's test helpers (src/test) are shared too: any feature's tests use them, so they never import a feature.
  ...importBoundaries({
    base: root,
    src: 'apps/web/src',
    features: 'features',
    shared: ['components', 'lib', 'test'],
  }),
)
