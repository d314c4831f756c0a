import type { Language } from '@shop/shared/i18n/messages'
import { logoUrls } from '@shop/shared/storefront-content'
import type { OfferTerms } from '@shop/shared/storefront'
import type { RootData } from '../root.tsx'
import { fixedT } from './seo.ts'

/**
 * schema.org data search engines read from the server's HTML (decisions 0033, 0111). React Router writes each object
 * as JSON with `<` escaped, so a text typed by staff cannot end the script.
 */

/** The shop's name as the owner set it, in the page's language (the built-in name when the setting is empty). */
export function shopName(root: RootData | undefined, lang: Language): string {
  const settings = root?.settings
  const own = lang === 'en' ? settings?.site_name_en || settings?.site_name : settings?.site_name
  return own?.trim() || fixedT(lang, 'common')('brand.name')
}

/** The landing page's Organization: name, address, logo and how to reach the shop (the contact settings). */
export function organizationLd(root: RootData | undefined, lang: Language) {
  const origin = root?.origin ?? ''
  const settings = root?.settings
  const contact = {
    ...(settings?.contact_phone ? { telephone: settings.contact_phone } : {}),
    ...(settings?.contact_email ? { email: settings.contact_email } : {}),
  }
  const sameAs = [settings?.facebook_url, settings?.instagram_url].filter((u): u is string => Boolean(u))
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: shopName(root, lang),
    url: `${origin}/`,
    // The owner's logo once uploaded (decision 0126), else the shop's drawn mark as a PNG.
    logo: root?.identity?.logo_image_id
      ? `${origin}${logoUrls(root.identity.logo_image_id).print}`
      : `${origin}/logo.png`,
    ...(Object.keys(contact).length > 0
      ? {
          contactPoint: {
            '@type': 'ContactPoint',
            contactType: 'customer service',
            ...contact,
            areaServed: 'LY',
            availableLanguage: ['ar', 'en'],
          },
        }
      : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  }
}

/** The landing page's WebSite, with the product search as its SearchAction (`/products?search=`). */
export function webSiteLd(root: RootData | undefined, lang: Language) {
  const origin = root?.origin ?? ''
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${origin}/#website`,
    name: shopName(root, lang),
    url: `${origin}/`,
    inLanguage: lang,
    publisher: { '@id': `${origin}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${origin}/products?search={search_term_string}${lang === 'en' ? '&lang=en' : ''}`,
      },
      'query-input': 'required name=search_term_string',
    },
  }
}

/**
 * What an Offer carries besides its price: one OfferShippingDetails per delivery fee (the cities that share a fee
 * together, named in the page's language), and the return policy when the owner set one.
 */
export function offerTermsLd(terms: OfferTerms | undefined, currency: string, lang: Language) {
  if (!terms) return {}
  const byFee = new Map<number, string[]>()
  for (const d of terms.delivery) byFee.set(d.fee, [...(byFee.get(d.fee) ?? []), d.city])
  const shippingDetails = [...byFee.entries()]
    .sort(([a], [b]) => a - b)
    .map(([fee, cities]) => ({
      '@type': 'OfferShippingDetails',
      shippingRate: { '@type': 'MonetaryAmount', value: fee.toFixed(2), currency },
      // The cities this fee takes the order to, in Libya.
      shippingDestination: {
        '@type': 'DefinedRegion',
        addressCountry: 'LY',
        name: cities.join(lang === 'ar' ? '، ' : ', '),
      },
    }))
  return {
    ...(shippingDetails.length > 0 ? { shippingDetails } : {}),
    ...(terms.return_days
      ? {
          hasMerchantReturnPolicy: {
            '@type': 'MerchantReturnPolicy',
            applicableCountry: 'LY',
            returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
            merchantReturnDays: terms.return_days,
          },
        }
      : {}),
  }
}
