import { ChevronDown } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { inLanguage, type StorefrontContent } from '@shop/shared/storefront-content'
import { scrollToSection } from '../scroll-to-section.ts'
import { HeroArt } from './hero-art.tsx'
import { useShopBrand } from '../../../lib/shop-settings.ts'

/**
 * product.md §2.3 hero: two buttons scroll to products and contact, a cue scrolls to about. The words and the picture
 * are the owner's (decision 0125); without a title the shop's name stands in.
 */
export function HeroSection({ hero }: { hero: StorefrontContent['hero'] }) {
  const { t, i18n } = useTranslation('storefront')
  const shopName = useShopBrand().name
  const lang = i18n.language === 'en' ? 'en' : 'ar'
  const eyebrow = inLanguage(hero.eyebrow, lang)
  const text = inLanguage(hero.text, lang)
  const photo = hero.image_id !== null
  return (
    <section
      className="relative isolate flex min-h-[78vh] items-center overflow-hidden text-white"
      aria-labelledby="hero-title"
    >
      <HeroArt imageId={hero.image_id} />
      {photo ? (
        // Decision 0232: an owner's photo stays visible under a light veil; the words sit on a panel of their own dark
        // enough for 4.5:1 over any photo (white text ≥ 6.6:1 even over a white picture).
        <div className="absolute inset-0 -z-10 bg-palm-900/20" />
      ) : (
        // The drawn art is bright at the horizon: a dark gradient from the reading side keeps the text readable.
        <div className="absolute inset-0 -z-10 bg-linear-to-b from-palm-900/85 via-palm-900/70 to-date-900/80 sm:rtl:bg-linear-to-l sm:ltr:bg-linear-to-r sm:from-palm-900/90 sm:via-palm-900/65 sm:to-palm-900/20" />
      )}
      <div className="mx-auto w-full max-w-7xl px-4 py-20">
        <div
          className={
            photo
              ? 'max-w-2xl rounded-[var(--radius-card)] bg-palm-900/70 p-6 backdrop-blur-sm sm:p-8'
              : 'max-w-2xl'
          }
        >
          {eyebrow ? (
            <p className="mb-3 inline-flex rounded-full bg-honey-400/95 px-3 py-1 text-sm font-bold text-stone-900">
              {eyebrow}
            </p>
          ) : null}
          <h1
            id="hero-title"
            className="text-4xl leading-tight font-extrabold text-balance sm:text-5xl lg:text-6xl"
          >
            {inLanguage(hero.title, lang) || shopName}
          </h1>
          {text ? (
            <p className="mt-4 max-w-xl text-lg leading-relaxed whitespace-pre-line text-sand-100 sm:text-xl">
              {text}
            </p>
          ) : null}
          <div className="mt-8 flex flex-wrap gap-3">
            <a
              href="#products"
              onClick={(e) => scrollToSection(e, 'products')}
              className="inline-flex h-12 items-center rounded-[var(--radius-control)] bg-honey-400 px-6 text-base font-bold text-stone-900 shadow hover:bg-honey-300"
            >
              {t('landing.hero.shop_now')}
            </a>
            <a
              href="#contact"
              onClick={(e) => scrollToSection(e, 'contact')}
              className="inline-flex h-12 items-center rounded-[var(--radius-control)] border-2 border-white/80 px-6 text-base font-bold text-white hover:bg-white/10"
            >
              {t('landing.hero.contact_us')}
            </a>
          </div>
        </div>
      </div>
      <a
        href="#about"
        onClick={(e) => scrollToSection(e, 'about')}
        className={
          photo
            ? 'absolute bottom-6 left-1/2 flex -translate-x-1/2 flex-col items-center gap-1 rounded-full bg-palm-900/70 px-3 py-1 text-sm text-sand-100 hover:text-white'
            : 'absolute bottom-6 left-1/2 flex -translate-x-1/2 flex-col items-center gap-1 text-sm text-sand-100 hover:text-white'
        }
      >
        <span>{t('landing.hero.scroll')}</span>
        <ChevronDown className="size-6 motion-safe:animate-bounce" />
      </a>
    </section>
  )
}
