import { useLayoutEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { Language } from '@shop/shared/i18n/messages'

/**
 * The page's texts follow the language the root route's data is in (the server's choice: `?lang=`, the cookie), also
 * after a switch (features/layout/language-switch.tsx revalidates): before the browser paints, so texts and data
 * change language together.
 */
export function useDocumentLanguage(lang: Language) {
  const { i18n } = useTranslation()
  useLayoutEffect(() => {
    if (i18n.language !== lang) void i18n.changeLanguage(lang)
  }, [i18n, lang])
}
