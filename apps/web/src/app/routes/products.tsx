import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, redirect, useRevalidator, useRouteError } from 'react-router'
import { SEARCH_MAX_LENGTH } from '@shop/shared/constants'
import type { Category } from '@shop/shared/schemas/category'
import { ErrorState } from '../../components/ui/states.tsx'
import { ProductsPage } from '../../features/catalog/components/products-page.tsx'
import { productsStateFromParams } from '../../features/catalog/hooks/use-products-url-state.ts'
import { addressIn, fixedT, pageMeta, rootData, shopImage } from '../seo.ts'
import type { Route } from './+types/products'

/** The largest page number a list is asked for (further pages are empty anyway; the database offset stays small). */
const MAX_PAGE = 100_000

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data, lang } = context.shop
  const url = new URL(request.url)
  const state = productsStateFromParams(url.searchParams)
  // A category is asked for by its slug (decision 0110): the active categories (cached per catalogue version) say
  // which one, so the list waits for them only when the address names one.
  const categoriesRead = data.categories(lang)
  const category = state.category ? findCategory(await categoriesRead, state.category) : null
  if (state.category && category?.slug !== state.category) {
    // An older address with the category's id moves for good to its slug; an unknown or switched-off category (a
    // renamed one's old slug) shows every product rather than an empty list.
    if (category) url.searchParams.set('category', category.slug)
    else {
      url.searchParams.delete('category')
      url.searchParams.delete('page')
    }
    throw redirect(`${url.pathname}${url.search}`, category ? 301 : 302)
  }
  const query = {
    // NUL bytes cannot be searched in PostgreSQL text: dropped, as the API's search does (shared searchTerm).
    search: state.search.replaceAll('\0', '').trim().slice(0, SEARCH_MAX_LENGTH),
    category_id: category?.id ?? null,
    page: Math.min(state.page, MAX_PAGE),
    per_page: state.perPage,
  }
  const [list, categories] = await Promise.all([data.products(query, lang), categoriesRead])
  // A page past the last one (an old link, products sold out since) is the last page, not "no products".
  if (query.page > list.last_page && list.total > 0) {
    if (list.last_page > 1) url.searchParams.set('page', String(list.last_page))
    else url.searchParams.delete('page')
    throw redirect(`${url.pathname}${url.search}`)
  }
  return {
    list,
    categories,
    category: category
      ? { id: category.id, slug: category.slug, name: category.name, description: category.description }
      : null,
  }
}

/** A category by its slug, or by its id in an address made before slugs (decision 0110). */
function findCategory(categories: Category[], wanted: string): Category | undefined {
  return (
    categories.find((c) => c.slug === wanted) ??
    (/^\d{1,9}$/.test(wanted) ? categories.find((c) => c.id === Number(wanted)) : undefined)
  )
}

export const meta: Route.MetaFunction = ({ data, matches, location }) => {
  const root = rootData(matches)
  const lang = root?.lang ?? 'ar'
  const t = fixedT(lang)
  const params = new URLSearchParams(location.search)
  const category = data?.category
  const list = data?.list
  const page = list?.current_page ?? productsStateFromParams(params).page
  // What makes the page what it is: its category and its page (page 1 has no number); a search result page is not
  // one to list.
  const pathOf = (n: number) => {
    const path = new URLSearchParams()
    if (category) path.set('category', category.slug)
    if (n > 1) path.set('page', String(n))
    const query = path.toString()
    return query ? `/products?${query}` : '/products'
  }
  const searching = Boolean(params.get('search'))
  const title = category ? `${category.name} | ${t('products.title')}` : t('products.title')
  const tags = pageMeta(root, {
    title,
    description: category?.description || t('products.subtitle'),
    path: pathOf(page),
    noindex: searching,
    ...shopImage(root),
  })
  // The pages of one list, in order, for crawlers (a search result list is not one to follow).
  if (list && !searching && !params.get('size')) {
    const origin = root?.origin ?? ''
    if (page > 1) tags.push({ tagName: 'link', rel: 'prev', href: addressIn(origin, pathOf(page - 1), lang) })
    if (page < list.last_page)
      tags.push({ tagName: 'link', rel: 'next', href: addressIn(origin, pathOf(page + 1), lang) })
  }
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
