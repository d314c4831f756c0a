import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { importBoundaries } from './lint/boundaries.js'

const root = import.meta.dirname

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', 'apps/web/.prof/**', '**/node_modules/**', 'data/**', 'test-output/**', 'apps/api/src/db/migrations/**', 'lint/fixtures/**'] },
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
    // Decision 29: inlined into index.html by vite.config.ts, which replaces these two names with the built files.
    files: ['apps/web/src/boot/ssr-loader.js'],
    languageOptions: { globals: { __PRELOADS__: 'readonly', __ENTRY__: 'readonly' } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      // Issue 7: react-router's Link/NavLink pull ~13 KB of framework-mode code into the storefront's first download
      // (shared vendor chunk), wherever they are used; components/ui/router-link.tsx has the same links on its hooks.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message: "Use Link/NavLink from components/ui/router-link.tsx (react-router's own grow the storefront's first download).",
            },
          ],
        },
      ],
    },
  },
  // Decision 0045: modules (API) and features (web) do not import each other; no import cycles.
  ...importBoundaries({ base: root, src: 'apps/api/src', features: 'modules', shared: ['lib', 'db', 'domain', 'plugins'] }),
  // Switched on once apps/web's features no longer import each other (its restructuring is under way).
  ...importBoundaries({ base: root, src: 'apps/web/src', features: 'features', shared: ['components', 'lib'], severity: 'off' }),
)
