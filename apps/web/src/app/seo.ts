import type { MetaDescriptor } from 'react-router'
import type { Language } from '@shop/shared/i18n/messages'
import { logoUrls } from '@shop/shared/storefront-content'
import { shopDescriptionIn, shopNameIn } from '@shop/shared/shop-identity'
import i18n from '../lib/i18n.ts'
import type { RootData } from '../root.tsx'

/**
 * Titles, descriptions and the links that tell search engines and link previews what a page is (decision 0033).
 * The language of a page is its `?lang=` (en) or none (ar, the default): each language has an address of its own, so
 * hreflang alternates and the canonical link can name it.
 */

/** The root route's data (language, the shop's public address) among a meta function's matches. */
export function rootData(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
): RootData | undefined {
  return matches.find((m) => m?.id === 'root')?.data as RootData | undefined
}

/** The page's texts in its language (the browser's instance has the current language; the server's has both). */
export const fixedT = (lang: Language, ns: 'common' | 'storefront' = 'storefront') => i18n.getFixedT(lang, ns)

/** `path` (with its query) as the address of `lang`: `?lang=en` for English, without it for Arabic. */
export function addressIn(origin: string, path: string, lang: Language): string {
  const url = new URL(path, 'http://shop.invalid')
  url.searchParams.delete('lang')
  if (lang === 'en') url.searchParams.set('lang', 'en')
  return `${origin}${url.pathname}${url.search}`
}

export interface PageMeta {
  title: string
  description: string
  /** Path and the query that makes the page what it is (e.g. `/products?category=2`), without `lang`. */
  path: string
  /** A page that should not be listed by search engines (search results, the cart…). */
  noindex?: boolean
  /** Open Graph type; product pages add their own tags. */
  ogType?: string
  image?: string
  /** What the share image shows, for those who cannot see it (og:image:alt). */
  imageAlt?: string
}

/** The shop's own share picture (`/og-image.png`: the hero's farm with the logo) and its words, for pages without one. */
export function shopImage(root: RootData | undefined): Pick<PageMeta, 'image' | 'imageAlt'> {
  if (!root) return {}
  const t = fixedT(root.lang, 'common')
  // The owner's logo once uploaded (decision 0126), else the drawn farm with the shop's mark.
  const logo = root.identity?.logo_image_id
  if (logo)
    return {
      image: `${root.origin}${logoUrls(logo).share}`,
      imageAlt: t('share.logo_alt', { name: shopNameIn(root.settings, root.lang) }),
    }
  return {
    image: `${root.origin}/og-image.png`,
    imageAlt: t('share.image_alt', { name: shopNameIn(root.settings, root.lang) }),
  }
}

export function pageMeta(root: RootData | undefined, page: PageMeta): MetaDescriptor[] {
  const lang = root?.lang ?? 'ar'
  const origin = root?.origin ?? ''
  // Decision 0122: the shop's name as the owner set it, in the page's language.
  const brand = shopNameIn(root?.settings ?? {}, lang)
  const title = page.title === brand ? brand : `${page.title} | ${brand}`
  const canonical = addressIn(origin, page.path, lang)
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { tagName: 'link', rel: 'alternate', hrefLang: 'ar', href: addressIn(origin, page.path, 'ar') },
    { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: addressIn(origin, page.path, 'en') },
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: addressIn(origin, page.path, 'ar') },
    { property: 'og:site_name', content: brand },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: canonical },
    { property: 'og:type', content: page.ogType ?? 'website' },
    { property: 'og:locale', content: lang === 'ar' ? 'ar_LY' : 'en_US' },
    { property: 'og:locale:alternate', content: lang === 'ar' ? 'en_US' : 'ar_LY' },
    { name: 'twitter:card', content: page.image ? 'summary_large_image' : 'summary' },
  ]
  if (page.image) tags.push({ property: 'og:image', content: page.image })
  if (page.image && page.imageAlt) tags.push({ property: 'og:image:alt', content: page.imageAlt })
  if (page.noindex) tags.push({ name: 'robots', content: 'noindex' })
  return tags
}

/** A screen of the shop without data of its own (cart, sign-in…): its title, kept out of search results. */
export function screenMeta(
  matches: Parameters<typeof rootData>[0],
  path: string,
  titleKey: string,
  ns: 'common' | 'storefront' = 'storefront',
): MetaDescriptor[] {
  const root = rootData(matches)
  const lang = root?.lang ?? 'ar'
  return pageMeta(root, {
    title: fixedT(lang, ns)(titleKey),
    description: shopDescriptionIn(root?.settings ?? {}, lang),
    path,
    noindex: true,
  })
}
