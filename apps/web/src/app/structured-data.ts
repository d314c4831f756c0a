import type { Language } from '@shop/shared/i18n/messages'
import { logoUrls } from '@shop/shared/storefront-content'
import type { OfferTerms } from '@shop/shared/storefront'
import type { Product } from '@shop/shared/schemas/product'
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

/** What the product page's JSON-LD is built from. */
export interface ProductLdInput {
  product: Product
  origin: string
  lang: Language
  currency: string
  shop: string
  description: string
  image: string
  terms: OfferTerms | undefined
}

const availability = (stock: number) =>
  stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock'

/**
 * The product page's schema.org data (decision 0153). One pack: a Product with one Offer, as before packs existed. Two
 * or more: Google's documented form for products with variants, a ProductGroup (`productGroupID`, `variesBy` size)
 * whose `hasVariant` lists each active pack as a Product with its SKU, its name with the size and one Offer with its
 * own price, availability and address (`?variant=`). Each Offer carries the delivery fees and the return policy.
 */
export function productLd({
  product,
  origin,
  lang,
  currency,
  shop,
  description,
  image,
  terms,
}: ProductLdInput) {
  const path = `/products/${encodeURIComponent(product.slug)}`
  const langQuery = lang === 'en' ? 'lang=en' : ''
  const brand = { '@type': 'Brand', name: shop }
  const offerExtras = {
    itemCondition: 'https://schema.org/NewCondition',
    // Decision 0111: the delivery fees and the return policy, as the checkout and the owner set them.
    ...offerTermsLd(terms, 'LYD', lang),
  }
  const packs = (product.variants ?? []).filter((v) => v.is_active)
  const common = {
    '@context': 'https://schema.org',
    name: product.name,
    description,
    image: [image],
    url: `${origin}${path}${langQuery ? `?${langQuery}` : ''}`,
    ...(product.category ? { category: product.category.name } : {}),
    brand,
  }
  if (packs.length < 2)
    return {
      ...common,
      '@type': 'Product',
      sku: String(product.id),
      offers: {
        '@type': 'Offer',
        price: product.retail_price.toFixed(2),
        priceCurrency: currency,
        availability: availability(product.stock),
        url: `${origin}${path}`,
        ...offerExtras,
      },
    }
  const groupId = product.sku || String(product.id)
  return {
    ...common,
    '@type': 'ProductGroup',
    productGroupID: groupId,
    variesBy: ['https://schema.org/size'],
    hasVariant: packs.map((pack) => {
      const url = `${origin}${path}?variant=${pack.id}${langQuery ? `&${langQuery}` : ''}`
      return {
        '@type': 'Product',
        sku: pack.sku || `${groupId}-${pack.id}`,
        name: pack.label ? `${product.name} – ${pack.label}` : product.name,
        ...(pack.label ? { size: pack.label } : {}),
        image: pack.image_url ? [`${origin}${pack.image_url}`] : [image],
        url,
        inProductGroupWithID: groupId,
        offers: {
          '@type': 'Offer',
          price: pack.price.toFixed(2),
          priceCurrency: currency,
          availability: availability(pack.stock),
          url,
          ...offerExtras,
        },
      }
    }),
  }
}
