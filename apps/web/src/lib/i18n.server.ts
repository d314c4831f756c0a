import { createInstance, type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { messages, type Language } from '@shop/shared/i18n/messages'
import arCommon from '../locales/ar/common.json'
import arStore from '../locales/ar/storefront.json'
import enCommon from '../locales/en/common.json'
import enStore from '../locales/en/storefront.json'
import browserI18n from './i18n.ts'

/**
 * The server renders each page with a fixed-language i18next instance (entry.server.tsx) and writes the texts of
 * its `<head>` with it (route loaders): every text at once, no language switch shared between requests.
 */
const instances = new Map<Language, I18n>()

export function serverI18n(lang: Language): I18n {
  let instance = instances.get(lang)
  if (!instance) {
    instance = createInstance()
    void instance.use(initReactI18next).init({
      lng: lang,
      fallbackLng: 'ar',
      supportedLngs: ['ar', 'en'],
      ns: ['common', 'storefront', 'shared'],
      defaultNS: 'common',
      fallbackNS: ['shared'],
      resources: {
        ar: { common: arCommon, storefront: arStore, shared: messages.ar },
        en: { common: enCommon, storefront: enStore, shared: messages.en },
      },
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    })
    instances.set(lang, instance)
  }
  return instance
}

// Route `meta` functions write titles with the app's shared instance in the page's language (app/seo.ts fixedT): on
// the server it has both languages from the start.
browserI18n.addResourceBundle('en', 'common', enCommon, true, false)
browserI18n.addResourceBundle('en', 'storefront', enStore, true, false)
