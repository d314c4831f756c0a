import { Search, Tag } from 'lucide-react'
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProductSuggestions } from '@shop/shared/schemas/product'
import { api } from '../../lib/api-client.ts'
import { Money } from '../ui/money.tsx'
import { cn } from '../../lib/cn.ts'
import type { SuggestionsProps } from './search-combobox.tsx'

/** product.md §9: the storefront search waits 300 ms after the last keystroke. */
const DEBOUNCE_MS = 300

// Answers already seen in this visit, by language and search (the server caches them too; this saves the trip).
const seen = new Map<string, ProductSuggestions>()

type Option =
  | { kind: 'category'; key: string; label: string; href: string }
  | { kind: 'product'; key: string; label: string; href: string; price: number; image: string | null }
  | { kind: 'did_you_mean'; key: string; label: string; search: string }
  | { kind: 'all'; key: string; label: string; search: string }

/**
 * The suggestions listbox of SearchCombobox (decision 0140), loaded on the first focus of a search box: the matching
 * categories, up to 6 products with picture and price, and "did you mean" names when nothing matches; the last option
 * runs the full search.
 */
export default function SearchSuggestions({
  query,
  listboxId,
  keys,
  onState,
  onPick,
  onClose,
}: SuggestionsProps) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const cacheKey = `${lang}|${query}`
  const [answer, setAnswer] = useState<{ key: string; query: string; value: ProductSuggestions } | null>(
    () => {
      const known = seen.get(cacheKey)
      return known ? { key: cacheKey, query, value: known } : null
    },
  )
  const [active, setActive] = useState(-1)
  const optionId = useId()

  useEffect(() => {
    const known = seen.get(cacheKey)
    if (known) {
      setAnswer({ key: cacheKey, query, value: known })
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(() => {
      api<ProductSuggestions>('/api/products/suggest', { query: { q: query }, signal: controller.signal })
        .then((value) => {
          seen.set(cacheKey, value)
          setAnswer({ key: cacheKey, query, value })
        })
        .catch(() => {
          // Suggestions are a help: a failed call leaves the box a plain search box.
        })
    }, DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [cacheKey, query])

  const current = answer?.value
  // The answer shown may be to the first letters still (a newer one is on its way): its options name its own search.
  const answered = answer?.query ?? query
  const options = useMemo<Option[]>(() => {
    if (!current) return []
    const list: Option[] = [
      ...current.categories.map((c) => ({
        kind: 'category' as const,
        key: `c${c.id}`,
        label: c.name,
        href: `/products?category=${c.id}`,
      })),
      ...current.products.map((p) => ({
        kind: 'product' as const,
        key: `p${p.id}`,
        label: p.name,
        href: `/products/${encodeURIComponent(p.slug)}`,
        price: p.price,
        image: p.image_small_url,
      })),
    ]
    if (list.length === 0)
      list.push(
        ...current.did_you_mean.map((name, i) => ({
          kind: 'did_you_mean' as const,
          key: `d${i}`,
          label: name,
          search: name,
        })),
      )
    if (current.products.length > 0)
      list.push({
        kind: 'all',
        key: 'all',
        label: t('search.all_results', { term: answered }),
        search: answered,
      })
    return list
  }, [current, answered, t])

  // A new answer starts with nothing chosen.
  useEffect(() => setActive(-1), [answer?.key])

  const fresh = answer?.key === cacheKey
  const expanded = options.length > 0 || (fresh && options.length === 0)
  useEffect(() => {
    onState({ expanded, activeId: active >= 0 ? `${optionId}-${active}` : undefined })
  }, [expanded, active, optionId, onState])
  useEffect(() => () => onState({ expanded: false }), [onState])

  const choose = (option: Option) =>
    onPick('href' in option ? { href: option.href } : { search: option.search })

  keys.current = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (options.length === 0) return false
      e.preventDefault()
      const step = e.key === 'ArrowDown' ? 1 : -1
      // -1 is the box itself: past the last option back to the box, above the box to the last option.
      setActive((i) => {
        const next = i + step
        return next >= options.length ? -1 : next < -1 ? options.length - 1 : next
      })
      return true
    }
    if (e.key === 'Enter' && active >= 0 && options[active]) {
      e.preventDefault()
      choose(options[active])
      return true
    }
    if (e.key === 'Escape') {
      e.preventDefault()
      onClose()
      return true
    }
    return false
  }

  if (!fresh && options.length === 0) return null
  const count = current ? current.products.length + current.categories.length : 0

  return (
    <>
      <div role="status" className="sr-only">
        {fresh
          ? count > 0
            ? t('search.count', { count })
            : current?.did_you_mean.length
              ? t('search.did_you_mean_status')
              : t('search.nothing')
          : ''}
      </div>
      <ul
        id={listboxId}
        role="listbox"
        aria-label={t('search.suggestions')}
        data-testid="search-suggestions"
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] min-w-[16rem] overflow-y-auto rounded-[var(--radius-card)] border border-sand-300 bg-white py-1 text-start shadow-lg"
      >
        {options.length === 0 ? (
          <li role="presentation" className="px-3 py-2 text-sm text-stone-600">
            {t('search.nothing')}
          </li>
        ) : null}
        {options.map((o, i) => (
          <li
            key={o.key}
            id={`${optionId}-${i}`}
            role="option"
            aria-selected={i === active}
            data-kind={o.kind}
            // Keep the focus in the box: the click below chooses.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(o)}
            onMouseEnter={() => setActive(i)}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 px-3 py-1.5 text-sm text-stone-800',
              i === active ? 'bg-palm-50 text-palm-900' : 'hover:bg-sand-100',
              o.kind === 'all' && 'border-t border-sand-200 font-semibold text-palm-800',
            )}
          >
            {o.kind === 'product' ? (
              o.image ? (
                <img
                  src={o.image}
                  alt=""
                  width={40}
                  height={40}
                  loading="lazy"
                  className="size-10 shrink-0 rounded object-cover"
                />
              ) : (
                <span className="size-10 shrink-0 rounded bg-sand-100" aria-hidden="true" />
              )
            ) : o.kind === 'category' ? (
              <Tag className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
            ) : (
              <Search className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
            )}
            <span className="line-clamp-2 min-w-0 flex-1">
              {o.kind === 'category' ? (
                <span className="me-1 text-xs text-stone-500">{t('search.category')}</span>
              ) : o.kind === 'did_you_mean' ? (
                <span className="me-1 text-xs text-stone-500">{t('search.did_you_mean')}</span>
              ) : null}
              {o.label}
            </span>
            {o.kind === 'product' ? <Money value={o.price} className="shrink-0 text-stone-700" /> : null}
          </li>
        ))}
      </ul>
    </>
  )
}
