import { useTranslation } from 'react-i18next'
import { inLanguage, type StorefrontContent } from '@shop/shared/storefront-content'
import { CONTENT_ICON_COMPONENTS } from '../content-icons.tsx'
import { SectionHeading } from './section-heading.tsx'

/**
 * product.md §2.3 quality commitment: the owner's practices and badges (decision 0125), each removable; a shop that
 * has neither and no words for the section does not draw it.
 */
export function QualitySection({ quality }: { quality: StorefrontContent['quality'] }) {
  const { t, i18n } = useTranslation('storefront')
  const lang = i18n.language === 'en' ? 'en' : 'ar'
  const title = inLanguage(quality.title, lang)
  const text = inLanguage(quality.text, lang)
  if (!title && !text && !quality.practices.length && !quality.badges.length) return null
  const both = quality.practices.length > 0 && quality.badges.length > 0
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
          title={title || t('landing.quality.eyebrow')}
          text={text}
        />
        <div className={both ? 'grid gap-10 lg:grid-cols-2' : 'mx-auto grid max-w-3xl gap-10'}>
          {quality.practices.length ? (
            <ol className="space-y-4">
              {quality.practices.map((practice, i) => {
                const Icon = CONTENT_ICON_COMPONENTS[practice.icon]
                return (
                  <li
                    key={i}
                    className="flex gap-4 rounded-[var(--radius-card)] border border-sand-300 bg-sand-50 p-5"
                  >
                    <span className="relative inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-palm-700 text-white">
                      <Icon className="size-6" aria-hidden="true" />
                      <span className="ltr-nums absolute -end-1 -top-1 inline-flex size-5 items-center justify-center rounded-full bg-honey-400 text-xs font-bold text-stone-900">
                        {i + 1}
                      </span>
                    </span>
                    <div>
                      <h3 className="font-bold text-stone-900">{inLanguage(practice.title, lang)}</h3>
                      <p className="mt-1 text-sm leading-relaxed text-stone-600">
                        {inLanguage(practice.text, lang)}
                      </p>
                    </div>
                  </li>
                )
              })}
            </ol>
          ) : null}
          {quality.badges.length ? (
            <ul className="grid grid-cols-2 gap-4 self-start" aria-label={t('landing.quality.badges_label')}>
              {quality.badges.map((badge, i) => {
                const Icon = CONTENT_ICON_COMPONENTS[badge.icon]
                return (
                  <li
                    key={i}
                    className="flex flex-col items-center rounded-[var(--radius-card)] border-2 border-honey-300 bg-honey-50 p-5 text-center"
                  >
                    <Icon className="size-10 text-honey-700" aria-hidden="true" />
                    <p className="mt-3 font-bold text-stone-900">{inLanguage(badge.title, lang)}</p>
                    <p className="mt-1 text-xs text-stone-600">{inLanguage(badge.text, lang)}</p>
                  </li>
                )
              })}
            </ul>
          ) : null}
        </div>
      </div>
    </section>
  )
}
