import { useRouteLoaderData } from 'react-router'
import { logoUrls, type StorefrontContent } from '@shop/shared/storefront-content'
import type { loader as rootLoader } from '../root.tsx'

/** The shop's own mark (public/logo.svg drawn at 128 px), shown until the owner uploads a logo. */
export const DEFAULT_LOGO = '/logo.webp'
export const DEFAULT_FAVICON = '/favicon.png'

/** What every page shows of the owner's content (decision 0125): the root route loads it with the settings. */
export type ShopIdentity = Pick<StorefrontContent, 'logo_image_id' | 'footer_text' | 'hours' | 'address'> & {
  /** The year by the server's clock (the footer's ©), so the page and its hydration agree. */
  year: number
}

/** The part of the content the root route sends with every page (the landing page loads the rest itself). */
export const shopIdentity = (content: StorefrontContent, now: Date): ShopIdentity => ({
  logo_image_id: content.logo_image_id,
  footer_text: content.footer_text,
  hours: content.hours,
  address: content.address,
  year: now.getFullYear(),
})

export function useShopIdentity(): ShopIdentity | undefined {
  return useRouteLoaderData<typeof rootLoader>('root')?.identity
}

/** The logo's addresses: the uploaded one, else the shop's own mark. */
export function logoOf(identity: Pick<ShopIdentity, 'logo_image_id'> | undefined) {
  const id = identity?.logo_image_id
  if (!id)
    return { image: DEFAULT_LOGO, icon: DEFAULT_FAVICON, share: null, print: '/logo.png', custom: false }
  return { ...logoUrls(id), custom: true }
}
