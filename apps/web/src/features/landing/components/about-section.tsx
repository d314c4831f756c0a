import { useTranslation } from 'react-i18next'
import { inLanguage, type StorefrontContent } from '@shop/shared/storefront-content'
import { CONTENT_ICON_COMPONENTS } from '../content-icons.tsx'
import { SectionHeading } from './section-heading.tsx'

/**
 * product.md §2.3 about: the owner's text, figures ("2018 — Founded") and highlight cards (decision 0125); a list the
 * owner emptied is not drawn.
 */
export function AboutSection({ about }: { about: StorefrontContent['about'] }) {
  const { t, i18n } = useTranslation('storefront')
  const lang = i18n.language === 'en' ? 'en' : 'ar'
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
          title={inLanguage(about.title, lang) || t('landing.about.eyebrow')}
          text={inLanguage(about.text, lang)}
        />
        {about.stats.length ? (
          <dl
            className="mx-auto mb-12 grid max-w-3xl gap-3 text-center"
            style={{ gridTemplateColumns: `repeat(${about.stats.length}, minmax(0, 1fr))` }}
          >
            {about.stats.map((s, i) => (
              <div key={i} className="flex flex-col rounded-[var(--radius-card)] bg-sand-100 px-2 py-5">
                <dt className="order-2 mt-1 text-sm text-stone-600">{inLanguage(s.label, lang)}</dt>
                <dd className="ltr-nums text-3xl font-extrabold text-date-700">{s.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {about.cards.length ? (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {about.cards.map((card, i) => {
              const Icon = CONTENT_ICON_COMPONENTS[card.icon]
              return (
                <li
                  key={i}
                  className="rounded-[var(--radius-card)] border border-sand-300 bg-sand-50 p-6 shadow-[var(--shadow-soft)]"
                >
                  <span className="inline-flex size-12 items-center justify-center rounded-full bg-palm-50 text-palm-700">
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                  <h3 className="mt-4 text-lg font-bold text-stone-900">{inLanguage(card.title, lang)}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-stone-600">{inLanguage(card.text, lang)}</p>
                </li>
              )
            })}
          </ul>
        ) : null}
      </div>
    </section>
  )
}
