import { useTranslation } from 'react-i18next'
import { auditTime } from '../../../components/audit/audit-format.tsx'
import { useShopTimeZone } from '../../../lib/shop-settings.ts'

/** Decision 0230: a moment on the shop's clock (its `timezone` setting), as the audit trail shows it. */
export function useShopTime(): (iso: string) => string {
  const { i18n } = useTranslation('dashboard')
  const timeZone = useShopTimeZone()
  return (iso) => auditTime(iso, i18n.language, timeZone)
}

/**
 * Issue 41: why a WhatsApp message failed, in words where Meta's code is one staff can act on ("the number is not on
 * WhatsApp (131026)"); otherwise Meta's own text, with its code.
 */
export function useWhatsAppErrorText(): (code?: string | null, error?: string | null) => string {
  const { t, i18n } = useTranslation('dashboard')
  return (code, error) => {
    if (code && i18n.exists(`dashboard:orders.whatsapp.errors.${code}`))
      return t('orders.whatsapp.error_words', { words: t(`orders.whatsapp.errors.${code}`), code })
    const words = error || t('orders.whatsapp.error_unknown')
    return code ? t('orders.whatsapp.error_words', { words, code }) : words
  }
}
