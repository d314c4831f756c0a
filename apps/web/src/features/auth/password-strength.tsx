import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../lib/cn.ts'
import type { PasswordScore } from './password-score.ts'

type Scorer = (password: string) => PasswordScore

let scorer: Promise<Scorer> | null = null
/** The scorer and its list arrive with the first keystroke (a separate chunk). */
const loadScorer = () => (scorer ??= import('./password-score.ts').then((m) => m.scorePassword))

const LEVELS = ['too_easy', 'weak', 'fair', 'good', 'strong'] as const
const BAR = ['bg-red-600', 'bg-red-600', 'bg-honey-500', 'bg-palm-600', 'bg-palm-700']

/**
 * The hint under a new-password field (decision 0093): the minimum length and what to avoid, then, as the shopper types,
 * how hard the password is to guess, and a plain warning when it is one the shop refuses.
 */
export function PasswordStrength({ value, minLength }: { value: string; minLength: 6 | 8 }) {
  const { t } = useTranslation('storefront')
  const [score, setScore] = useState<Scorer | null>(null)
  useEffect(() => {
    if (value && !score) void loadScorer().then((s) => setScore(() => s))
  }, [value, score])
  const result = value && score ? score(value) : null
  const level = result ? (result.common ? 0 : result.score) : null
  return (
    <span className="block space-y-1">
      <span className="block">
        {t(`auth.password_hint_${minLength}`)} · {t('auth.password_avoid')}
      </span>
      {level !== null ? (
        <span className="flex items-center gap-2" data-testid="password-strength">
          <span className="flex w-24 gap-0.5" aria-hidden="true">
            {[0, 1, 2, 3].map((i) => (
              <span
                key={i}
                className={cn(
                  'h-1.5 flex-1 rounded-full',
                  i < Math.max(1, level) ? BAR[level] : 'bg-sand-300',
                )}
              />
            ))}
          </span>
          <span
            aria-live="polite"
            className={cn('font-semibold', level <= 1 ? 'text-red-700' : 'text-stone-700')}
          >
            {result?.common ? t('auth.strength.common') : t(`auth.strength.${LEVELS[level]}`)}
          </span>
        </span>
      ) : null}
    </span>
  )
}
