import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'

/** product.md §9: up to 5 page buttons around the current page. */
export function pageWindow(page: number, lastPage: number, size = 5): number[] {
  const count = Math.min(size, lastPage)
  let start = Math.max(1, page - Math.floor(count / 2))
  start = Math.min(start, lastPage - count + 1)
  return Array.from({ length: count }, (_, i) => start + i)
}

export interface PaginationProps {
  page: number
  lastPage: number
  onPageChange(page: number): void
  className?: string
}

/** Shown only when there is more than one page (product.md §2.14). Chevrons point with the reading direction. */
export function Pagination({ page, lastPage, onPageChange, className }: PaginationProps) {
  const { t } = useTranslation()
  if (lastPage <= 1) return null
  const btn =
    'inline-flex h-9 min-w-9 items-center justify-center rounded-[var(--radius-control)] border text-sm font-semibold transition-colors'
  return (
    <nav
      aria-label={t('pagination.nav_label')}
      className={clsx('flex flex-wrap items-center justify-center gap-1', className)}
    >
      <button
        type="button"
        className={clsx(btn, 'gap-1 border-sand-300 bg-white px-3 hover:bg-sand-100 disabled:opacity-50')}
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
      >
        <ChevronRight className="size-4 ltr:rotate-180" aria-hidden="true" />
        {/* On a phone the arrows carry the words, so the pager stays on one line beside five numbers. */}
        <span className="max-sm:sr-only">{t('actions.previous')}</span>
      </button>
      {pageWindow(page, lastPage).map((p) => (
        <button
          key={p}
          type="button"
          onClick={() => onPageChange(p)}
          aria-current={p === page ? 'page' : undefined}
          aria-label={t('pagination.page', { page: p })}
          className={clsx(
            btn,
            'ltr-nums px-2',
            p === page
              ? 'border-palm-700 bg-palm-700 text-white'
              : 'border-sand-300 bg-white hover:bg-sand-100',
          )}
        >
          {p}
        </button>
      ))}
      <button
        type="button"
        className={clsx(btn, 'gap-1 border-sand-300 bg-white px-3 hover:bg-sand-100 disabled:opacity-50')}
        onClick={() => onPageChange(page + 1)}
        disabled={page >= lastPage}
      >
        <span className="max-sm:sr-only">{t('actions.next')}</span>
        <ChevronLeft className="size-4 ltr:rotate-180" aria-hidden="true" />
      </button>
    </nav>
  )
}

/** "showing X-Y of total results". */
export function ShowingLine({
  page,
  perPage,
  total,
  count,
}: {
  page: number
  perPage: number
  total: number
  count: number
}) {
  const { t } = useTranslation()
  if (total === 0) return null
  const from = (page - 1) * perPage + 1
  const to = from + count - 1
  return <p className="text-sm text-stone-600">{t('pagination.showing', { from, to, total })}</p>
}
