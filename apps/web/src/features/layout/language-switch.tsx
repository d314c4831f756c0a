import { Languages } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'

/** SPEC §1: ar ⇄ en; lib/i18n.ts keeps the choice and flips <html dir lang>. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation()
  const next = i18n.language === 'en' ? 'ar' : 'en'
  return (
    <button
      type="button"
      lang={next}
      onClick={() => void i18n.changeLanguage(next)}
      className={clsx('inline-flex h-9 items-center gap-1.5 rounded-[var(--radius-control)] px-2.5 text-sm font-semibold text-stone-700 hover:bg-sand-200', className)}
      aria-label={`${t('nav.language')}: ${t('nav.switch_to')}`}
    >
      <Languages className="size-4" />
      {t('nav.switch_to')}
    </button>
  )
}
