import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'
import type { Language } from '@shop/shared/i18n/messages'
import { rememberLanguage } from './i18n.ts'

/**
 * product.md §4.9: ar ⇄ en (decision 0032). The choice is saved (localStorage and the cookie the server renders in),
 * the new language's texts are loaded, then the page's data is read again in it: the root route's language changes
 * with it, and with it <html lang dir> and every text (app/document-language.ts), in one render.
 */
export function useSwitchLanguage() {
  const { i18n } = useTranslation()
  const revalidator = useRevalidator()
  const [busy, setBusy] = useState(false)
  const next: Language = i18n.language === 'en' ? 'ar' : 'en'
  const switchLanguage = useCallback(async () => {
    setBusy(true)
    try {
      await i18n.loadLanguages(next)
      rememberLanguage(next)
      await revalidator.revalidate()
    } finally {
      setBusy(false)
    }
  }, [i18n, next, revalidator])
  return { next, busy, switchLanguage }
}
