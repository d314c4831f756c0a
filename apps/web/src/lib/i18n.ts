import i18n, { type BackendModule, type ResourceKey } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Language } from '@shop/shared/i18n/messages'
import arCommon from '../locales/ar/common.json'
import arStore from '../locales/ar/storefront.json'
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts'

// SPEC §1: ar (default, rtl) or en (ltr), kept in localStorage, sets <html dir lang>.
// The dashboard namespace is added by the lazily loaded dashboard, so shoppers never download it.
export const savedLanguage = (): Language => (readStorage(STORAGE_KEYS.language) === 'en' ? 'en' : 'ar')

export function applyDocumentLanguage(lang: Language) {
  document.documentElement.lang = lang
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr'
}

/**
 * Issue 7: only Arabic (the default language) is in the first download. English texts and the shared
 * validation/error messages (packages/shared, needed only by forms) are separate chunks that i18next loads
 * through this backend: changeLanguage('en') waits for them before switching, so no key ever flashes on screen.
 */
const loaders: Record<string, () => Promise<ResourceKey>> = {
  'en/common': async () => (await import('../locales/en/common.json')).default,
  'en/storefront': async () => (await import('../locales/en/storefront.json')).default,
  'ar/shared': async () => (await import('@shop/shared/i18n/messages')).messages.ar,
  'en/shared': async () => (await import('@shop/shared/i18n/messages')).messages.en,
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
    resources: { ar: { common: arCommon, storefront: arStore } },
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

applyDocumentLanguage(savedLanguage())
i18n.on('languageChanged', (lng) => {
  const lang: Language = lng === 'en' ? 'en' : 'ar'
  writeStorage(STORAGE_KEYS.language, lang)
  applyDocumentLanguage(lang)
})

/** Translates a validation/error key coming from a shared zod schema or the API. */
export function tKey(key: string | undefined): string {
  if (!key) return ''
  return key.startsWith('validation.') || key.startsWith('errors.') ? i18n.t(key, { ns: 'shared' }) : key
}

export default i18n
