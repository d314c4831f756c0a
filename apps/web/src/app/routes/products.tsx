import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, redirect, useRevalidator, useRouteError } from 'react-router'
import { SEARCH_MAX_LENGTH } from '@shop/shared/constants'
import { ErrorState } from '../../components/ui/states.tsx'
import { ProductsPage } from '../../features/catalog/components/products-page.tsx'
import { productsStateFromParams } from '../../features/catalog/hooks/use-products-url-state.ts'
import { fixedT, pageMeta, rootData, shopImage } from '../seo.ts'
import type { Route } from './+types/products'

/** The largest page number a list is asked for (further pages are empty anyway; the database offset stays small). */
const MAX_PAGE = 100_000

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data, lang } = context.shop
  const url = new URL(request.url)
  const state = productsStateFromParams(url.searchParams)
  const query = {
    search: state.search.trim().slice(0, SEARCH_MAX_LENGTH),
    category_id: state.categoryId,
    page: Math.min(state.page, MAX_PAGE),
    per_page: state.perPage,
  }
  const [list, categories] = await Promise.all([data.products(query, lang), data.categories(lang)])
  // A page past the last one (an old link, products sold out since) is the last page, not "no products".
  if (query.page > list.last_page && list.total > 0) {
    if (list.last_page > 1) url.searchParams.set('page', String(list.last_page))
    else url.searchParams.delete('page')
    throw redirect(`${url.pathname}${url.search}`)
  }
  const category = categories.find((c) => c.id === query.category_id) ?? null
  return {
    list,
    categories,
    category: category ? { id: category.id, name: category.name, description: category.description } : null,
  }
}

export const meta: Route.MetaFunction = ({ data, matches, location }) => {
  const root = rootData(matches)
  const t = fixedT(root?.lang ?? 'ar')
  const params = new URLSearchParams(location.search)
  // What makes the page what it is: its category and its page; a search result page is not one to list.
  const path = new URL('/products', 'http://shop.invalid')
  for (const key of ['category', 'page']) {
    const value = params.get(key)
    if (value) path.searchParams.set(key, value)
  }
  const category = data?.category
  const title = category ? `${category.name} | ${t('products.title')}` : t('products.title')
  const tags = pageMeta(root, {
    title,
    description: category?.description || t('products.subtitle'),
    path: `${path.pathname}${path.search}`,
    noindex: Boolean(params.get('search')),
    ...shopImage(root),
  })
  return tags
}

export default function ProductsRoute({ loaderData }: Route.ComponentProps) {
  return <ProductsPage list={loaderData.list} categories={loaderData.categories} />
}

/** product.md §2.4: "Error loading products:" and what happened, with Try Again (the list is read again). */
export function ErrorBoundary() {
  const error = useRouteError()
  const { t } = useTranslation('storefront')
  const revalidator = useRevalidator()
  const reason =
    isRouteErrorResponse(error) && typeof error.data?.message === 'string'
      ? error.data.message
      : t('common:errors.generic')
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <ErrorState
        title={t('products.error_title')}
        message={`${t('products.error_loading')} ${reason}`}
        onRetry={() => void revalidator.revalidate()}
      />
    </div>
  )
}
