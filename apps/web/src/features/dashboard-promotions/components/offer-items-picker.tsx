import { useQuery } from '@tanstack/react-query'
import { X } from 'lucide-react'
import { useDeferredValue, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Product } from '@shop/shared/schemas/product'
import { Checkbox } from '../../../components/ui/checkbox.tsx'
import { Input } from '../../../components/ui/field.tsx'
import { offerCategoriesQuery, offerProductsQuery } from '../api/promotions-api.ts'

export interface ChosenItems {
  product_ids: number[]
  category_ids: number[]
  variant_ids: number[]
}

const toggle = (ids: number[], id: number, on: boolean) =>
  on ? (ids.includes(id) ? ids : [...ids, id]) : ids.filter((x) => x !== id)

/** A product's sizes worth listing under it: more than one, or one with a name. */
const sizesOf = (p: Product) => {
  const packs = p.variants ?? []
  return packs.length > 1 || (packs.length === 1 && packs[0]!.label) ? packs : []
}

/**
 * Issue 29: what an offer on chosen items applies to: categories, products, or sizes (listed under their product),
 * searchable by name. The chosen ones stay listed as chips above, whatever the search shows.
 */
export function OfferItemsPicker({
  value,
  onChange,
  error,
}: {
  value: ChosenItems
  onChange(next: ChosenItems): void
  error?: string
}) {
  const { t } = useTranslation('dashboard')
  const searchId = useId()
  const [search, setSearch] = useState('')
  const term = useDeferredValue(search.trim())
  const categories = useQuery(offerCategoriesQuery())
  const products = useQuery(offerProductsQuery(term))
  // Every product seen in this form, so a chosen one keeps its name when a search hides it.
  const [seen, setSeen] = useState(() => new Map<number, Product>())
  const list = useMemo(() => products.data ?? [], [products.data])
  if (list.some((p) => !seen.has(p.id))) {
    const next = new Map(seen)
    for (const p of list) next.set(p.id, p)
    setSeen(next)
  }
  const lower = term.toLowerCase()
  const shownCategories = (categories.data ?? []).filter(
    (c) => !lower || c.name.toLowerCase().includes(lower) || (c.name_en ?? '').toLowerCase().includes(lower),
  )

  const sizeName = (id: number) => {
    for (const p of seen.values()) {
      const v = p.variants?.find((x) => x.id === id)
      if (v) return `${p.name} · ${v.label || t('offers.form.default_size')}`
    }
    return `#${id}`
  }
  const chips = [
    ...value.category_ids.map((id) => ({
      key: `c${id}`,
      label: (categories.data ?? []).find((c) => c.id === id)?.name ?? `#${id}`,
      remove: () => onChange({ ...value, category_ids: toggle(value.category_ids, id, false) }),
    })),
    ...value.product_ids.map((id) => ({
      key: `p${id}`,
      label: seen.get(id)?.name ?? `#${id}`,
      remove: () => onChange({ ...value, product_ids: toggle(value.product_ids, id, false) }),
    })),
    ...value.variant_ids.map((id) => ({
      key: `v${id}`,
      label: sizeName(id),
      remove: () => onChange({ ...value, variant_ids: toggle(value.variant_ids, id, false) }),
    })),
  ]

  return (
    <div className="space-y-3" data-testid="offer-items-picker">
      {chips.length ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('offers.form.chosen')}>
          {chips.map((c) => (
            <li
              key={c.key}
              className="inline-flex items-center gap-1 rounded-full bg-palm-50 py-1 ps-3 pe-1 text-sm text-palm-800 ring-1 ring-palm-600/20"
            >
              <bdi>{c.label}</bdi>
              <button
                type="button"
                onClick={c.remove}
                className="rounded-full p-0.5 hover:bg-palm-100"
                aria-label={t('offers.form.remove_chosen', { name: c.label })}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <label htmlFor={searchId} className="mb-1 block text-sm font-semibold text-stone-700">
          {t('offers.form.pick_search')}
        </label>
        <Input
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('offers.form.pick_placeholder')}
        />
      </div>
      <div className="max-h-72 overflow-y-auto rounded-[var(--radius-control)] border border-sand-300 p-3">
        {shownCategories.length ? (
          <fieldset className="mb-3">
            <legend className="mb-1 text-xs font-bold text-stone-500 uppercase">
              {t('offers.form.categories')}
            </legend>
            <ul className="space-y-1">
              {shownCategories.map((c) => (
                <li key={c.id}>
                  <label className="flex min-h-9 items-center gap-2 text-sm text-stone-800">
                    <Checkbox
                      checked={value.category_ids.includes(c.id)}
                      onChange={(e) =>
                        onChange({
                          ...value,
                          category_ids: toggle(value.category_ids, c.id, e.target.checked),
                        })
                      }
                    />
                    <bdi>{c.name}</bdi>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
        <fieldset>
          <legend className="mb-1 text-xs font-bold text-stone-500 uppercase">
            {t('offers.form.products')}
          </legend>
          {products.isPending ? (
            <p className="text-sm text-stone-500">{t('common:loading')}</p>
          ) : list.length === 0 ? (
            <p className="text-sm text-stone-500">{t('offers.form.no_products')}</p>
          ) : (
            <ul className="space-y-1">
              {list.map((p) => (
                <li key={p.id}>
                  <label className="flex min-h-9 items-center gap-2 text-sm font-semibold text-stone-800">
                    <Checkbox
                      checked={value.product_ids.includes(p.id)}
                      onChange={(e) =>
                        onChange({ ...value, product_ids: toggle(value.product_ids, p.id, e.target.checked) })
                      }
                    />
                    <bdi>{p.name}</bdi>
                  </label>
                  {sizesOf(p).length ? (
                    <ul className="ms-6 space-y-1 border-s border-sand-200 ps-3">
                      {sizesOf(p).map((v) => (
                        <li key={v.id}>
                          <label className="flex min-h-9 items-center gap-2 text-sm text-stone-700">
                            <Checkbox
                              checked={value.variant_ids.includes(v.id)}
                              disabled={value.product_ids.includes(p.id)}
                              onChange={(e) =>
                                onChange({
                                  ...value,
                                  variant_ids: toggle(value.variant_ids, v.id, e.target.checked),
                                })
                              }
                            />
                            <bdi>{v.label || t('offers.form.default_size')}</bdi>
                          </label>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      </div>
      {error ? null : <p className="text-xs text-stone-500">{t('offers.form.pick_hint')}</p>}
    </div>
  )
}
