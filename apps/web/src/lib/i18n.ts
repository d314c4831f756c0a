import i18n, { type BackendModule, type ResourceKey } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Language } from '@shop/shared/i18n/messages'
import arCommon from '../locales/ar/common.json'
import arStore from '../locales/ar/storefront.json'
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts'

// The shop speaks ar (default, rtl) or en (ltr); the choice is kept in localStorage and in the `language` cookie the
// server renders pages in (decision 0032). This module is the browser's i18next instance; the server renders with
// instances of its own per language (i18n.server.ts).

export const LANGUAGE_COOKIE = 'language'

export const isLanguage = (v: unknown): v is Language => v === 'ar' || v === 'en'

/** The language saved in this browser, if any. */
export const savedLanguage = (): Language | null => {
  const saved = readStorage(STORAGE_KEYS.language)
  return isLanguage(saved) ? saved : null
}

/** Remembers `lang` for this browser and for the server's next page (a year, this site only). */
export function rememberLanguage(lang: Language) {
  writeStorage(STORAGE_KEYS.language, lang)
  if (typeof document !== 'undefined')
    document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`
}

/**
 * Arabic (the default language) is in the app's script; English texts and the shared validation/error messages
 * (packages/shared, needed only by forms) are chunks i18next loads through this backend, before it switches, so no key
 * ever shows on screen.
 */
const loaders: Record<string, () => Promise<ResourceKey>> = {
  'en/common': async () => (await import('../locales/en/common.json')).default,
  'en/storefront': async () => (await import('../locales/en/storefront.json')).default,
  // Each language's validation and error texts are a module of their own: a form page loads only its language's.
  'ar/shared': async () => (await import('@shop/shared/i18n/messages-ar')).ar,
  'en/shared': async () => (await import('@shop/shared/i18n/messages-en')).en,
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

/** The language of the page the server sent (its `<html lang>`), ar when there is no document (tests, server). */
const documentLanguage = (): Language =>
  typeof document !== 'undefined' && document.documentElement.lang === 'en' ? 'en' : 'ar'

/** Resolves when the page's language is ready (at once for Arabic): entry.client.tsx hydrates after it. */
export const i18nReady = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    lng: documentLanguage(),
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

/** Validation and API error texts (namespace `shared`): screens with forms load them with their code. */
export function loadSharedMessages(): Promise<void> {
  // The server renders with instances that have every text (i18n.server.ts).
  if (typeof document === 'undefined') return Promise.resolve()
  return i18n.loadNamespaces('shared')
}

/** Translates a validation/error key coming from a shared zod schema or the API. */
export function tKey(key: string | undefined): string {
  if (!key) return ''
  return key.startsWith('validation.') || key.startsWith('errors.') ? i18n.t(key, { ns: 'shared' }) : key
}

export default i18n
