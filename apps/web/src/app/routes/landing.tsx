import { LandingPage } from '../../features/landing/components/landing-page.tsx'
import { fixedT, pageMeta, rootData, shopImage } from '../seo.ts'
import type { Route } from './+types/landing'

/** product.md §2.3: up to 4 featured products, active and in stock. */
export async function loader({ context }: Route.LoaderArgs) {
  const { data, lang } = context.shop
  const list = await data.products({ search: '', category_id: null, page: 1, per_page: 4 }, lang)
  return { featured: list.data.filter((p) => p.is_active && p.stock > 0).slice(0, 4) }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootData(matches)
  const t = fixedT(root?.lang ?? 'ar', 'common')
  return pageMeta(root, {
    title: `${t('brand.name')} | ${t('brand.tagline')}`,
    description: t('brand.description'),
    path: '/',
    ...shopImage(root),
  })
}

export default function LandingRoute({ loaderData }: Route.ComponentProps) {
  return <LandingPage featured={loaderData.featured} />
}
