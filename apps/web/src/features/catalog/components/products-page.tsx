import { SearchX } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate, useNavigation } from 'react-router'
import { STOREFRONT_PAGE_SIZES } from '@shop/shared/constants'
import type { Category } from '@shop/shared/schemas/category'
import type { Product, ProductList } from '@shop/shared/schemas/product'
import { Button } from '../../../components/ui/button.tsx'
import { clsx } from 'clsx'
import { Select } from '../../../components/ui/controls.tsx'
import { Pagination, ShowingLine } from '../../../components/ui/pagination.tsx'
import { EmptyState } from '../../../components/ui/states.tsx'
import { ProductCard, ProductCardSkeleton } from '../../../components/product/product-card.tsx'
import { SearchCombobox } from '../../../components/search/search-combobox.tsx'
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts'
import {
  productsHref,
  productsStateFromParams,
  useProductsUrlState,
} from '../hooks/use-products-url-state.ts'

/** Columns of the widest grid (lg:grid-cols-3): that many cards form the first row. */
const FIRST_ROW = 3

/** product.md §2.4: only active products with stock are listed (the server filters; this guards an older server). */
const isListable = (p: Product) => p.is_active && p.stock > 0

/**
 * product.md §2.4 products page. The list comes from the route's loader (server-rendered, then fetched again by the
 * router when the search, category, page or page size in the address changes).
 */
export function ProductsPage({ list, categories }: { list: ProductList; categories: Category[] }) {
  const { t } = useTranslation('storefront')
  const [state, update] = useProductsUrlState()
  const [searchInput, setSearchInput] = useState(state.search)
  const debouncedSearch = useDebouncedValue(searchInput, 300)
  const ids = { search: useId(), category: useId(), size: useId() }
  const listTop = useRef<HTMLHeadingElement>(null)
  const navigation = useNavigation()
  const navigate = useNavigate()
  // product.md §2.4: placeholder cards while a new list loads (another search, category, page or page size).
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/products'
  const skeletons = loading
    ? productsStateFromParams(new URLSearchParams(navigation.location.search)).perPage
    : 0

  // Debounced text → URL (and page 1). A URL changed from outside (back button) → the box.
  const lastWritten = useRef(state.search)
  useEffect(() => {
    if (debouncedSearch.trim() === lastWritten.current.trim()) return
    lastWritten.current = debouncedSearch
    update({ search: debouncedSearch })
  }, [debouncedSearch, update])
  useEffect(() => {
    if (state.search.trim() !== lastWritten.current.trim()) {
      lastWritten.current = state.search
      setSearchInput(state.search)
    }
  }, [state.search])

  const items = list.data.filter(isListable)

  // Pager and category links are addresses of their own (decision 0110), made from the address shown.
  const here = new URLSearchParams(useLocation().search)
  const scrollToList = () => listTop.current?.scrollIntoView?.({ block: 'start' })

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <header className="mb-4 text-center sm:mb-8">
        <h1 ref={listTop} className="scroll-mt-24 text-3xl font-extrabold text-stone-900 sm:text-4xl">
          {t('products.title')}
        </h1>
        <p className="mt-2 text-stone-600">{t('products.subtitle')}</p>
      </header>

      <div
        role="search"
        // Issue 39: on a phone the category and the page size share a row under the search, so the first products
        // show on the first screen after a search; from sm up the three sit side by side.
        className="mb-4 grid grid-cols-[1fr_6rem] gap-3 rounded-[var(--radius-card)] border border-sand-300 bg-white p-3 shadow-[var(--shadow-soft)] sm:mb-6 sm:grid-cols-[1fr_14rem_8rem] sm:p-4"
      >
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor={ids.search} className="mb-1 block text-sm font-semibold text-stone-700">
            {t('products.search_label')}
          </label>
          {/* Decision 0140: suggestions as you type; Enter shows the results at once (no wait for the debounce). */}
          <SearchCombobox
            id={ids.search}
            label={t('products.search_label')}
            value={searchInput}
            onValueChange={setSearchInput}
            placeholder={t('products.search_placeholder')}
            onEnter={(q) => {
              lastWritten.current = q
              update({ search: q })
            }}
            onPick={(pick) => {
              if ('href' in pick) navigate(pick.href)
              else setSearchInput(pick.search)
            }}
          />
        </div>
        <div>
          <label htmlFor={ids.category} className="mb-1 block text-sm font-semibold text-stone-700">
            {t('products.category_label')}
          </label>
          <Select
            id={ids.category}
            value={state.category ?? ''}
            onChange={(e) => update({ category: e.target.value || null })}
          >
            <option value="">{t('products.all_categories')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.slug}>
                {c.name}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor={ids.size} className="mb-1 block text-sm font-semibold text-stone-700">
            {t('products.per_page')}
          </label>
          <Select
            id={ids.size}
            value={state.perPage}
            onChange={(e) => update({ perPage: Number(e.target.value) })}
          >
            {STOREFRONT_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </div>
      </div>

      {categories.length > 0 ? (
        <CategoryLinks
          categories={categories}
          current={state.category}
          hrefFor={(category) => productsHref(here, { category })}
        />
      ) : null}

      <section aria-busy={loading}>
        {loading ? (
          <ul
            className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3"
            data-testid="product-skeletons"
          >
            {Array.from({ length: skeletons }, (_, i) => (
              <li key={i}>
                <ProductCardSkeleton />
              </li>
            ))}
          </ul>
        ) : items.length === 0 ? (
          state.search ? (
            <EmptyState
              icon={<SearchX className="size-10" />}
              title={t('products.no_results', { term: state.search })}
              text={
                list.did_you_mean?.length ? (
                  <span data-testid="did-you-mean">
                    {t('products.did_you_mean')}{' '}
                    {list.did_you_mean.map((name, i) => (
                      <span key={name}>
                        {i > 0 ? t('products.did_you_mean_or') : null}
                        <Link
                          to={`/products?search=${encodeURIComponent(name)}`}
                          className="font-semibold text-palm-700 underline underline-offset-2"
                        >
                          {name}
                        </Link>
                      </span>
                    ))}
                  </span>
                ) : (
                  t('products.no_results_hint')
                )
              }
              action={
                <Button variant="secondary" onClick={() => setSearchInput('')}>
                  {t('products.clear_search')}
                </Button>
              }
            />
          ) : (
            <EmptyState title={t('products.empty')} text={t('products.empty_hint')} />
          )
        ) : (
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((p, i) => (
              <li key={p.id} className="flex">
                {/* The first row (up to 3 columns) holds the largest paint: its pictures load first. */}
                <ProductCard product={p} headingLevel="h2" priority={i < FIRST_ROW} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {items.length > 0 && !loading ? (
        <div className="mt-8 flex flex-col items-center gap-3">
          <Pagination
            page={list.current_page ?? state.page}
            lastPage={list.last_page}
            hrefFor={(page) => productsHref(here, { page })}
            onPageChange={scrollToList}
          />
          <ShowingLine
            page={list.current_page ?? state.page}
            perPage={list.per_page ?? state.perPage}
            total={list.total}
            count={list.data.length}
          />
        </div>
      ) : null}
    </div>
  )
}

/**
 * Every category as a link to its list (decision 0110): what a crawler follows to reach each category's products, and
 * one tap for a shopper. The dropdown above stays (product.md §2.4); these are the same choices as addresses.
 */
function CategoryLinks({
  categories,
  current,
  hrefFor,
}: {
  categories: Category[]
  current: string | null
  hrefFor(category: string | null): string
}) {
  const { t } = useTranslation('storefront')
  const chip = (selected: boolean) =>
    clsx(
      'inline-flex h-9 shrink-0 items-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors',
      selected
        ? 'border-palm-700 bg-palm-700 text-white'
        : 'border-sand-300 bg-white text-stone-700 hover:bg-sand-100',
    )
  const items: { key: string; slug: string | null; name: string }[] = [
    { key: 'all', slug: null, name: t('products.all_categories') },
    ...categories.map((c) => ({ key: String(c.id), slug: c.slug, name: c.name })),
  ]
  return (
    <nav aria-label={t('products.categories_nav')} className="mb-4 sm:mb-6">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
        {items.map((c) => (
          <li key={c.key} className="shrink-0">
            <Link
              to={hrefFor(c.slug)}
              preventScrollReset
              aria-current={c.slug === current ? 'page' : undefined}
              className={chip(c.slug === current)}
            >
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
