import { Search, SearchX } from 'lucide'
import { Icon } from '../../../components/ui/icon.tsx'
import { Suspense, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SEARCH_MAX_LENGTH, STOREFRONT_PAGE_SIZES } from '@shop/shared/constants'
import { endHydration, useDrawsServerPage } from '../../../lib/hydration.ts'
import { loadLaterTexts } from '../../../lib/i18n.ts'
import { preloadable, serverRenderedPart } from '../../../lib/preloadable.tsx'
import { useNearViewport } from '../../../lib/use-near-viewport.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Input, Select } from '../../../components/ui/controls.tsx'
import { EmptyState, ErrorState } from '../../../components/ui/states.tsx'
import { isListable, useActiveCategories, useStorefrontProducts } from '../api/products.ts'
import { useDebouncedValue } from '../hooks/use-debounced-value.ts'
import { useProductsUrlState, type ProductsUrlState } from '../hooks/use-products-url-state.ts'
import type { Paginated } from '@shop/shared/schemas/common'
import type { Product } from '@shop/shared/schemas/product'
import { ProductCard, ProductCardSkeleton } from './product-card.tsx'

// Issue 7: the page buttons sit under 12 cards, below the first screen at every width; they are not in the first
// download (nor their texts) and load when they come near the screen, so they never compete with the first
// screen's pictures. Until then rows of their height hold their place.
const loadPagination = () => Promise.all([import('../../../components/ui/pagination.tsx'), loadLaterTexts()]).then(([m]) => m)
const Pagination = preloadable(async () => (await loadPagination()).Pagination)
const ShowingLine = preloadable(async () => (await loadPagination()).ShowingLine)
// Decision 29: a /products page the server renders has its pager in the HTML; the browser loads it before adopting it.
serverRenderedPart(['/products'], () => Promise.all([Pagination.preload(), ShowingLine.preload()]))

/** Columns of the widest grid (lg:grid-cols-3): that many cards form the first row. */
const FIRST_ROW = 3

/** SPEC §2 products page. */
export function ProductsPage() {
  const { t } = useTranslation('storefront')
  const [state, update] = useProductsUrlState()
  const [searchInput, setSearchInput] = useState(state.search)
  const debouncedSearch = useDebouncedValue(searchInput, 300)
  const ids = { search: useId(), category: useId(), size: useId() }
  const listTop = useRef<HTMLHeadingElement>(null)

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

  const categories = useActiveCategories()
  const products = useStorefrontProducts(state)
  const data = products.data
  const items = (data?.data ?? []).filter(isListable)
  const showSkeleton = products.isPending || (products.isPlaceholderData && products.isFetching)

  // A page past the last one (an old link, or products sold out since) shows the last page instead of "no products".
  const lastPage = data?.last_page
  useEffect(() => {
    if (lastPage && lastPage >= 1 && state.page > lastPage && !products.isPlaceholderData) update({ page: lastPage }, { replace: true })
  }, [lastPage, state.page, products.isPlaceholderData, update])

  const goToPage = (page: number) => {
    update({ page })
    listTop.current?.scrollIntoView?.({ block: 'start' })
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <header className="mb-6 text-center sm:mb-8">
        <h1 ref={listTop} className="scroll-mt-24 text-3xl font-extrabold text-stone-900 sm:text-4xl">
          {t('products.title')}
        </h1>
        <p className="mt-2 text-stone-600">{t('products.subtitle')}</p>
      </header>

      <div className="mb-6 grid gap-3 rounded-[var(--radius-card)] border border-sand-300 bg-white p-4 shadow-[var(--shadow-soft)] sm:grid-cols-[1fr_14rem_8rem]">
        <div>
          <label htmlFor={ids.search} className="mb-1 block text-sm font-semibold text-stone-700">
            {t('products.search_label')}
          </label>
          <div className="relative">
            <Icon icon={Search} className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-stone-400" />
            <Input id={ids.search} type="search" maxLength={SEARCH_MAX_LENGTH} value={searchInput} onChange={(e) => setSearchInput(e.target.value)} placeholder={t('products.search_placeholder')} className="ps-9" />
          </div>
        </div>
        <div>
          <label htmlFor={ids.category} className="mb-1 block text-sm font-semibold text-stone-700">
            {t('products.category_label')}
          </label>
          <Select id={ids.category} value={state.categoryId ?? ''} onChange={(e) => update({ categoryId: e.target.value ? Number(e.target.value) : null })}>
            <option value="">{t('products.all_categories')}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor={ids.size} className="mb-1 block text-sm font-semibold text-stone-700">
            {t('products.per_page')}
          </label>
          <Select id={ids.size} value={state.perPage} onChange={(e) => update({ perPage: Number(e.target.value) })}>
            {STOREFRONT_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <section aria-busy={showSkeleton}>
        {products.isError && !data ? (
          <ErrorState
            title={t('products.error_title')}
            message={`${t('products.error_loading')} ${products.error.message}`}
            onRetry={() => void products.refetch()}
          />
        ) : showSkeleton ? (
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="product-skeletons">
            {Array.from({ length: state.perPage }, (_, i) => (
              <li key={i}>
                <ProductCardSkeleton />
              </li>
            ))}
          </ul>
        ) : items.length === 0 ? (
          state.search ? (
            <EmptyState
              icon={<Icon icon={SearchX} className="size-10" />}
              title={t('products.no_results', { term: state.search })}
              text={t('products.no_results_hint')}
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

      <ProductsPager data={items.length > 0 ? data : undefined} state={state} onPageChange={goToPage} />
    </div>
  )
}

/**
 * The pager and the "showing X-Y of N" line under the grid: drawn when they come near the screen, or at once on a page
 * the server rendered (decision 29), which is hydrated once this is.
 */
function ProductsPager({ data, state, onPageChange }: { data: Paginated<Product> | undefined; state: ProductsUrlState; onPageChange: (page: number) => void }) {
  const serverPage = useDrawsServerPage()
  const [pagerRef, near] = useNearViewport<HTMLDivElement>('400px')
  const pagerNear = serverPage || near
  useEffect(() => {
    if (serverPage) endHydration()
  }, [serverPage])
  return (
    <>
      {/* Always rendered (the list may arrive later): tells the pager below when it is near the screen. */}
      <div ref={pagerNear ? undefined : pagerRef} aria-hidden="true" />
      {data ? (
        <div className="mt-8 flex flex-col items-center gap-3">
          {pagerNear ? (
            <>
              <Suspense fallback={data.last_page > 1 ? <div className="h-9" /> : null}>
                <Pagination page={data.current_page ?? state.page} lastPage={data.last_page} onPageChange={onPageChange} />
              </Suspense>
              <Suspense fallback={<div className="h-5" />}>
                <ShowingLine page={data.current_page ?? state.page} perPage={data.per_page ?? state.perPage} total={data.total} count={data.data.length} />
              </Suspense>
            </>
          ) : (
            <>
              {data.last_page > 1 ? <div className="h-9" /> : null}
              <div className="h-5" />
            </>
          )}
        </div>
      ) : null}
    </>
  )
}
