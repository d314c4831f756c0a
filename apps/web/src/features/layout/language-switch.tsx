import { Languages } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'
import { clsx } from 'clsx'
import { rememberLanguage } from '../../lib/i18n.ts'

/**
 * SPEC §1: ar ⇄ en. The choice is saved (localStorage and the cookie the server renders in, decision 0032), the new
 * language's texts are loaded, then the page's data is read again in it: the root route's language changes with it,
 * and with it <html lang dir> and every text, in one render.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation()
  const revalidator = useRevalidator()
  const [busy, setBusy] = useState(false)
  const next = i18n.language === 'en' ? 'ar' : 'en'
  const switchLanguage = async () => {
    setBusy(true)
    try {
      await i18n.loadLanguages(next)
      rememberLanguage(next)
      await revalidator.revalidate()
    } finally {
      setBusy(false)
    }
  }
  return (
    <button
      type="button"
      lang={next}
      disabled={busy}
      onClick={() => void switchLanguage()}
      className={clsx(
        'inline-flex h-9 items-center gap-1.5 rounded-[var(--radius-control)] px-2.5 text-sm font-semibold text-stone-700 hover:bg-sand-200 disabled:opacity-60',
        className,
      )}
      aria-label={`${t('nav.language')}: ${t('nav.switch_to')}`}
    >
      <Languages className="size-4" />
      {t('nav.switch_to')}
    </button>
  )
}
