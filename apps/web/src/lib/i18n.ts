import i18n, { type BackendModule, type ResourceKey } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Language } from '@shop/shared/i18n/messages'
import arCommon from '../locales/ar/common.json'
import arStore from '../locales/ar/storefront.json'
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts'

// SPEC §1: ar (default, rtl) or en (ltr), kept in localStorage, sets <html dir lang>.
// The dashboard namespace is added by the lazily loaded dashboard, so shoppers never download it.
export const savedLanguage = (): Language => (readStorage(STORAGE_KEYS.language) === 'en' ? 'en' : 'ar')

/** The cookie that tells the server which language to render a storefront page in (decision 29). */
export const LANGUAGE_COOKIE = 'language'

export function applyDocumentLanguage(lang: Language) {
  if (typeof document === 'undefined') return // the server renders with <html lang dir> of its own
  document.documentElement.lang = lang
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr'
}

/**
 * The saved language also goes into a cookie (a year, this site only), so the server renders the next page in it.
 * localStorage stays the record (SPEC §1); index.html's first script copies it into the cookie on every page.
 */
function rememberLanguageForServer(lang: Language) {
  if (typeof document === 'undefined') return
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`
}

/**
 * Issue 7: only Arabic (the default language) is in the first download. English texts and the shared
 * validation/error messages (packages/shared, needed only by forms) are separate chunks that i18next loads
 * through this backend: changeLanguage('en') waits for them before switching, so no key ever flashes on screen.
 */
const loaders: Record<string, () => Promise<ResourceKey>> = {
  'en/common': async () => {
    const [first, later] = await Promise.all([import('../locales/en/common.json'), import('../locales/en/common-later.json')])
    return deepMerge(first.default, later.default)
  },
  // English is never in the first download, so it comes whole: the first-screen texts and the later ones.
  'en/storefront': async () => {
    const [first, later] = await Promise.all([
      import('../locales/en/storefront.json'),
      import('../locales/en/storefront-later.json'),
    ])
    return deepMerge(first.default, later.default)
  },
  'ar/shared': async () => (await import('@shop/shared/i18n/messages')).messages.ar,
  'en/shared': async () => (await import('@shop/shared/i18n/messages')).messages.en,
}

type Texts = { [key: string]: string | Texts }
/** `b`'s texts over `a`'s, section by section (a file of later texts may add keys to a section of the first file). */
export const deepMerge = (a: Texts, b: Texts): Texts => {
  const out: Texts = { ...a }
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k]
    out[k] = typeof v === 'object' && typeof prev === 'object' ? deepMerge(prev, v) : v
  }
  return out
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`${language}/${namespace}`]
    // Namespaces added with addResourceBundle (dashboard) have no loader: nothing to fetch.
    if (!load) return callback(null, {})
    load().then(
      (resources) => callback(null, resources),
      (error: Error) => callback(error, false),
    )
  },
}

/** Resolves when the saved language's texts are loaded (at once for Arabic): main.tsx renders after it. */
export const i18nReady = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    lng: savedLanguage(),
    fallbackLng: 'ar',
    supportedLngs: ['ar', 'en'],
    // 'shared' joins on loadSharedMessages(); from then on every language switch loads it too.
    ns: ['common', 'storefront'],
    defaultNS: 'common',
    fallbackNS: ['shared'],
    // Copies: loadLaterTexts() merges into these bundles, and must not change the imported JSON module.
    resources: { ar: { common: structuredClone(arCommon), storefront: structuredClone(arStore) } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  })

/**
 * Validation and API error texts (namespace `shared`): screens with forms load them with their code
 * (app/router.tsx, the landing contact form), and main.tsx fetches them once the first screen has painted.
 */
export function loadSharedMessages(): Promise<void> {
  return i18n.loadNamespaces('shared')
}

/**
 * Issue 7: the Arabic texts of the first screens (hero, product list, product card, navigation) are in the first
 * download; the rest (sections under the hero, footer, cart, checkout, orders, account, pagination, order and
 * payment states) in `storefront-later.json` and `common-later.json`, which the lazy chunks that show them load
 * first (app/lazy-screen.ts, landing below-fold, footer, pagination). Arabic is also the fallback language, so it is
 * added whatever the current language is; English comes whole with its backend loaders.
 */
let laterTexts: Promise<void> | undefined
export function loadLaterTexts(): Promise<void> {
  laterTexts ??= Promise.all([import('../locales/ar/storefront-later.json'), import('../locales/ar/common-later.json')]).then(
    ([storefront, common]) => {
      i18n.addResourceBundle('ar', 'storefront', storefront.default, true, true)
      i18n.addResourceBundle('ar', 'common', common.default, true, true)
    },
    (error: unknown) => {
      laterTexts = undefined // a failed chunk download can be retried by the next screen
      throw error
    },
  )
  return laterTexts
}

applyDocumentLanguage(savedLanguage())
i18n.on('languageChanged', (lng) => {
  const lang: Language = lng === 'en' ? 'en' : 'ar'
  writeStorage(STORAGE_KEYS.language, lang)
  rememberLanguageForServer(lang)
  applyDocumentLanguage(lang)
})

/** Translates a validation/error key coming from a shared zod schema or the API. */
export function tKey(key: string | undefined): string {
  if (!key) return ''
  return key.startsWith('validation.') || key.startsWith('errors.') ? i18n.t(key, { ns: 'shared' }) : key
}

export default i18n
