import { Languages } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { useSwitchLanguage } from '../../lib/use-switch-language.ts'

/** product.md §1.2: the storefront's language switch (lib/use-switch-language.ts). */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation()
  const { next, busy, switchLanguage } = useSwitchLanguage()
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
