import { HeartHandshake, Leaf, Sprout, Truck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { SectionHeading } from './section-heading.tsx'

const highlights = [
  { key: 'natural', icon: Leaf },
  { key: 'farm', icon: Sprout },
  { key: 'delivery', icon: Truck },
  { key: 'wholesale', icon: HeartHandshake },
] as const

/** product.md §2.3 about: founded 2018, over 10 years of experience, over 20 product kinds, four highlight cards. */
export function AboutSection() {
  const { t } = useTranslation('storefront')
  const stats = [
    { value: '2018', label: t('landing.about.stat_founded') },
    { value: '+10', label: t('landing.about.stat_years') },
    { value: '+20', label: t('landing.about.stat_products') },
  ]
  return (
    <section
      id="about"
      tabIndex={-1}
      className="scroll-mt-20 bg-white py-16 outline-none sm:py-20"
      aria-labelledby="about-title"
    >
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading
          id="about-title"
          eyebrow={t('landing.about.eyebrow')}
          title={t('landing.about.title')}
          text={t('landing.about.text')}
        />
        <dl className="mx-auto mb-12 grid max-w-3xl grid-cols-3 gap-3 text-center">
          {stats.map((s) => (
            <div key={s.label} className="flex flex-col rounded-[var(--radius-card)] bg-sand-100 px-2 py-5">
              <dt className="order-2 mt-1 text-sm text-stone-600">{s.label}</dt>
              <dd className="ltr-nums text-3xl font-extrabold text-date-700">{s.value}</dd>
            </div>
          ))}
        </dl>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {highlights.map(({ key, icon: Icon }) => (
            <li
              key={key}
              className="rounded-[var(--radius-card)] border border-sand-300 bg-sand-50 p-6 shadow-[var(--shadow-soft)]"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-palm-50 text-palm-700">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-bold text-stone-900">
                {t(`landing.about.cards.${key}.title`)}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-stone-600">
                {t(`landing.about.cards.${key}.text`)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
