import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { messages, type Language } from '@shop/shared/i18n/messages'
import arCommon from '../locales/ar/common.json'
import enCommon from '../locales/en/common.json'
import arStore from '../locales/ar/storefront.json'
import enStore from '../locales/en/storefront.json'
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts'

// SPEC §1: ar (default, rtl) or en (ltr), kept in localStorage, sets <html dir lang>.
// The dashboard namespace is added by the lazily loaded dashboard, so shoppers never download it.
export const savedLanguage = (): Language => (readStorage(STORAGE_KEYS.language) === 'en' ? 'en' : 'ar')

export function applyDocumentLanguage(lang: Language) {
  document.documentElement.lang = lang
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr'
}

void i18n.use(initReactI18next).init({
  lng: savedLanguage(),
  fallbackLng: 'ar',
  supportedLngs: ['ar', 'en'],
  ns: ['common', 'storefront', 'shared'],
  defaultNS: 'common',
  fallbackNS: ['shared'],
  resources: {
    ar: { common: arCommon, storefront: arStore, shared: messages.ar },
    en: { common: enCommon, storefront: enStore, shared: messages.en },
  },
  interpolation: { escapeValue: false },
  returnNull: false,
})

applyDocumentLanguage(i18n.language as Language)
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
