import { LandingPage } from '../../features/landing/components/landing-page.tsx'
import { shopDescriptionIn, shopNameIn } from '@shop/shared/shop-identity'
import { fixedT, pageMeta, rootData, shopImage } from '../seo.ts'
import { organizationLd, webSiteLd } from '../structured-data.ts'
import type { Route } from './+types/landing'

/**
 * product.md §2.3: the owner's content (decision 0125) and up to 4 featured products, active and in stock: the
 * owner's choice, else the newest (decision 0127).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { data, lang } = context.shop
  const [content, featured] = await Promise.all([data.content(), data.featured(lang)])
  return { content, featured }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootData(matches)
  const t = fixedT(root?.lang ?? 'ar', 'common')
  return pageMeta(root, {
    // Decision 0122: the shop's name and description as the owner set them.
    title: `${shopNameIn(root?.settings ?? {}, root?.lang ?? 'ar')} | ${t('brand.tagline')}`,
    description: shopDescriptionIn(root?.settings ?? {}, root?.lang ?? 'ar'),
    path: '/',
    ...shopImage(root),
  }).concat(
    // Decision 0111: who the shop is and how to search it, for search engines.
    { 'script:ld+json': organizationLd(root, root?.lang ?? 'ar') },
    { 'script:ld+json': webSiteLd(root, root?.lang ?? 'ar') },
  )
}

export default function LandingRoute({ loaderData }: Route.ComponentProps) {
  return <LandingPage featured={loaderData.featured} content={loaderData.content} />
}
