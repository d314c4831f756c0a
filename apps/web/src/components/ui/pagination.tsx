import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Fragment, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
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
  /**
   * Each page's address: the pager is made of links a crawler can follow and a tap opens in the app (decision 0110);
   * without it, of buttons (the dashboard's lists, whose pages are not addresses of their own).
   */
  hrefFor?: (page: number) => string
  className?: string
}

/** Shown only when there is more than one page (product.md §2.14). Chevrons point with the reading direction. */
export function Pagination({ page, lastPage, onPageChange, hrefFor, className }: PaginationProps) {
  const { t } = useTranslation()
  if (lastPage <= 1) return null
  const btn =
    'inline-flex h-9 min-w-9 items-center justify-center rounded-[var(--radius-control)] border text-sm font-semibold transition-colors'
  const step = clsx(btn, 'gap-1 border-sand-300 bg-white px-3 hover:bg-sand-100 disabled:opacity-50')
  /** A page's control: a link to its address, or a button; the first page has no "previous", the last no "next". */
  const control = (
    to: number,
    props: { className: string; rel?: string; current?: boolean; label?: string },
    children: ReactNode,
  ) => {
    const disabled = to < 1 || to > lastPage
    const common = {
      className: props.className,
      'aria-current': props.current ? ('page' as const) : undefined,
      'aria-label': props.label,
    }
    if (!hrefFor)
      return (
        <button type="button" {...common} onClick={() => onPageChange(to)} disabled={disabled}>
          {children}
        </button>
      )
    // A link cannot be disabled: past either end it is the same box, greyed, a link to nowhere (no href).
    if (disabled)
      return (
        <a {...common} role="link" aria-disabled="true" className={clsx(props.className, 'opacity-50')}>
          {children}
        </a>
      )
    return (
      <Link
        {...common}
        to={hrefFor(to)}
        rel={props.rel}
        preventScrollReset
        onClick={(e) => {
          if (!e.defaultPrevented && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey)
            onPageChange(to)
        }}
      >
        {children}
      </Link>
    )
  }
  return (
    <nav
      aria-label={t('pagination.nav_label')}
      className={clsx('flex flex-wrap items-center justify-center gap-1', className)}
    >
      {control(
        page - 1,
        { className: step, rel: 'prev' },
        <>
          <ChevronRight className="size-4 ltr:rotate-180" aria-hidden="true" />
          {/* On a phone the arrows carry the words, so the pager stays on one line beside five numbers. */}
          <span className="max-sm:sr-only">{t('actions.previous')}</span>
        </>,
      )}
      {pageWindow(page, lastPage).map((p) => (
        <Fragment key={p}>
          {control(
            p,
            {
              current: p === page,
              label: t('pagination.page', { page: p }),
              className: clsx(
                btn,
                'ltr-nums px-2',
                p === page
                  ? 'border-palm-700 bg-palm-700 text-white'
                  : 'border-sand-300 bg-white hover:bg-sand-100',
              ),
            },
            p,
          )}
        </Fragment>
      ))}
      {control(
        page + 1,
        { className: step, rel: 'next' },
        <>
          <span className="max-sm:sr-only">{t('actions.next')}</span>
          <ChevronLeft className="size-4 ltr:rotate-180" aria-hidden="true" />
        </>,
      )}
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
  return (
    <p className="text-sm text-stone-600">{t('pagination.showing', { from, to, total, count: total })}</p>
  )
}
