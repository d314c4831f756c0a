import {
  Award,
  BadgeCheck,
  Droplet,
  Leaf,
  ShieldCheck,
  Sun,
  ThermometerSnowflake,
  Microscope,
} from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { SectionHeading } from './section-heading.tsx'

const practices = [
  { key: 'organic', icon: Leaf },
  { key: 'harvest', icon: Sun },
  { key: 'storage', icon: ThermometerSnowflake },
  { key: 'testing', icon: Microscope },
] as const

const badges = [
  { key: 'iso', icon: ShieldCheck },
  { key: 'natural', icon: BadgeCheck },
  { key: 'pure_honey', icon: Droplet },
  { key: 'award', icon: Award },
] as const

/** product.md §2.3 quality commitment: four practices, four badges including the ISO 22000 food-safety certificate. */
export function QualitySection() {
  const { t } = useTranslation('storefront')
  return (
    <section
      id="quality"
      tabIndex={-1}
      className="scroll-mt-20 bg-white py-16 outline-none sm:py-20"
      aria-labelledby="quality-title"
    >
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading
          id="quality-title"
          eyebrow={t('landing.quality.eyebrow')}
          title={t('landing.quality.title')}
          text={t('landing.quality.text')}
        />
        <div className="grid gap-10 lg:grid-cols-2">
          <ol className="space-y-4">
            {practices.map(({ key, icon: Icon }, i) => (
              <li
                key={key}
                className="flex gap-4 rounded-[var(--radius-card)] border border-sand-300 bg-sand-50 p-5"
              >
                <span className="relative inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-palm-700 text-white">
                  <Icon className="size-6" aria-hidden="true" />
                  <span className="ltr-nums absolute -end-1 -top-1 inline-flex size-5 items-center justify-center rounded-full bg-honey-400 text-xs font-bold text-stone-900">
                    {i + 1}
                  </span>
                </span>
                <div>
                  <h3 className="font-bold text-stone-900">{t(`landing.quality.practices.${key}.title`)}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-stone-600">
                    {t(`landing.quality.practices.${key}.text`)}
                  </p>
                </div>
              </li>
            ))}
          </ol>
          <ul className="grid grid-cols-2 gap-4 self-start">
            {badges.map(({ key, icon: Icon }) => (
              <li
                key={key}
                className="flex flex-col items-center rounded-[var(--radius-card)] border-2 border-honey-300 bg-honey-50 p-5 text-center"
              >
                <Icon className="size-10 text-honey-700" aria-hidden="true" />
                <p className="mt-3 font-bold text-stone-900">{t(`landing.quality.badges.${key}.title`)}</p>
                <p className="mt-1 text-xs text-stone-600">{t(`landing.quality.badges.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  )
}
