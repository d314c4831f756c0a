// Import boundaries of the two apps (decision 0045), as bulletproof-react draws them: a feature (web) or module (API)
// never imports another one — what two of them need lives in a shared folder — and no import cycles.
// eslint.config.js applies this to apps/api and apps/web; lint/boundaries.test.ts applies it to the broken fixtures
// in lint/fixtures/ to show that the lint fails on them.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'

const foldersIn = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)

/**
 * Flat-config blocks for one app.
 * - `base`: the repository root (absolute); every other path is relative to it.
 * - `src`: the app's source folder, e.g. `apps/api/src`.
 * - `features`: the folder of features inside `src` (`modules` in the API, `features` in the web app); one zone per
 *   feature found there, so a new feature is covered without touching the config.
 * - `shared`: folders inside `src` that features use and that must not reach back into a feature.
 * - `severity`: 'error', or 'off' while an app is still being untangled.
 */
export function importBoundaries({ base, src, features, shared = [], severity = 'error' }) {
  const featuresPath = join(src, features)
  const featureZones = foldersIn(join(base, featuresPath)).map((name) => ({
    target: join(featuresPath, name),
    from: featuresPath,
    except: [`./${name}`],
    message: `${features}/${name} must not import another ${features === 'modules' ? 'module' : 'feature'}: move what both need to a shared folder (${shared.join(', ')}).`,
  }))
  const sharedZones = shared.length
    ? [
        {
          target: shared.map((folder) => join(src, folder)),
          from: featuresPath,
          message: `Shared code must not import a ${features === 'modules' ? 'module' : 'feature'}.`,
        },
      ]
    : []
  return [
    {
      name: `import boundaries: ${src}`,
      files: [`${src}/**/*.{ts,tsx,js,mjs}`],
      plugins: { 'import-x': importX },
      settings: {
        // Without these, import-x reads only .js files and sees no cycle through TypeScript.
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver-next': [
          createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
        ],
      },
      rules: {
        'import-x/no-restricted-paths': [
          severity,
          { basePath: base, zones: [...featureZones, ...sharedZones] },
        ],
        'import-x/no-cycle': [severity, { ignoreExternal: true }],
      },
    },
  ]
}
