import { useQuery } from '@tanstack/react-query'
import { Minus, Plus, Trash2 } from 'lucide-react'
import { useState, type Dispatch, type SetStateAction } from 'react'
import { useTranslation } from 'react-i18next'
import { MAX_PRODUCT_QUANTITY, type EditOrderItemsInput, type Order } from '@shop/shared/schemas/order'
import type { Product } from '@shop/shared/schemas/product'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Select } from '../../../components/ui/field.tsx'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import { SearchInput } from '../../../components/ui/search-input.tsx'
import { useActiveCities } from '../../../lib/active-cities.ts'
import { useMailWorks } from '../../../lib/mail-status.ts'
import { productSearchQuery } from '../api/orders-api.ts'
import { useFormatMoney } from '../../../lib/shop-settings.ts'

export interface DraftLine {
  product_id: number
  /** Decision 0150: the pack; none only for a product found by a search answer without packs (its default pack). */
  variant_id: number | null
  /** The product's name and the size, as staff read the line. */
  name: string
  /** '' while the field is being retyped (it becomes 1 if left empty). */
  quantity: number | ''
}

/** A line's key: one line per pack of a product. */
const keyOf = (l: { product_id: number; variant_id: number | null }) =>
  `${l.product_id}:${l.variant_id ?? ''}`
const named = (product: string, size: string | null | undefined) => (size ? `${product} – ${size}` : product)

/** What the search offers to add: each pack on sale of each product found (a product from before packs: itself). */
interface Offer {
  key: string
  product_id: number
  variant_id: number | null
  name: string
  price: number
  stock: number
  sellable: boolean
}

function offersOf(p: Product): Offer[] {
  const packs = (p.variants ?? []).filter((v) => v.is_active)
  if (!packs.length)
    return [
      {
        key: `${p.id}:`,
        product_id: p.id,
        variant_id: null,
        name: p.name,
        price: p.retail_price,
        stock: p.stock,
        sellable: p.is_active && p.stock > 0,
      },
    ]
  return packs.map((v, i) => ({
    key: `${p.id}:${v.id}`,
    product_id: p.id,
    variant_id: v.id,
    // One pack needs no size in its name; several are told apart by their labels (or their place).
    name: packs.length > 1 ? named(p.name, v.label || String(i + 1)) : named(p.name, v.label),
    price: v.price,
    stock: v.stock,
    sellable: p.is_active && v.stock > 0,
  }))
}

const clamp = (n: number) => Math.min(MAX_PRODUCT_QUANTITY, Math.max(1, Math.floor(n) || 1))

/** What staff changed in the lines editor, before it is saved (the dialog's main Save reads it too, decision 0223). */
export interface ItemsDraft {
  lines: DraftLine[]
  setLines: Dispatch<SetStateAction<DraftLine[]>>
  cityId: string
  setCityId(id: string): void
  /** Whether anything differs from the order as loaded (no call is made for an untouched editor). */
  changed: boolean
  /** The PUT /api/orders/:id/items body of the draft. */
  input(): EditOrderItemsInput
}

const editable = (order: Order): DraftLine[] =>
  order.items.flatMap((i) =>
    i.product_id === null || i.variant_id === null
      ? []
      : [
          {
            product_id: i.product_id,
            variant_id: i.variant_id,
            name: named(i.product_name, i.variant_label),
            quantity: i.quantity,
          },
        ],
  )

const same = (a: DraftLine[], b: DraftLine[]) =>
  a.length === b.length &&
  a.every((l, i) => keyOf(l) === keyOf(b[i]!) && clamp(Number(l.quantity)) === clamp(Number(b[i]!.quantity)))

/** The lines editor's draft; `reset` starts it from the order as loaded (each time the editor opens). */
export function useItemsDraft(order: Order | undefined): ItemsDraft & { reset(): void } {
  const [lines, setLines] = useState<DraftLine[]>(() => (order ? editable(order) : []))
  const [cityId, setCityId] = useState<string>(order?.city_id == null ? '' : String(order.city_id))
  const newCity = order !== undefined && cityId !== '' && Number(cityId) !== order.city_id
  return {
    lines,
    setLines,
    cityId,
    setCityId,
    changed: order !== undefined && (newCity || !same(lines, editable(order))),
    input: () => ({
      items: lines.map(({ product_id, variant_id, quantity }) => ({
        product_id,
        ...(variant_id === null ? {} : { variant_id }),
        quantity: clamp(Number(quantity)),
      })),
      city_id: newCity ? Number(cityId) : undefined,
    }),
    reset() {
      setLines(order ? editable(order) : [])
      setCityId(order?.city_id == null ? '' : String(order.city_id))
    },
  }
}

/**
 * Decision 0133: staff change quantities, remove or add lines and change the delivery city of a pending or processing
 * order. The server prices the result and moves the stock; what it answers is what the dialog shows next. The draft
 * is the dialog's (decision 0223: its main Save saves an open edit too); this is the editor's own part of the screen.
 */
export function OrderItemsEditor({
  order,
  draft,
  saving,
  onSave,
  onCancel,
}: {
  order: Order
  draft: ItemsDraft
  saving: boolean
  onSave(): void
  onCancel(): void
}) {
  const { t } = useTranslation('dashboard')
  const formatMoney = useFormatMoney()
  const mailWorks = useMailWorks()
  const { lines, setLines, cityId, setCityId } = draft
  // A line whose product or pack is gone cannot be priced again: the server keeps it as sold (decision 0150).
  const kept = order.items.filter((i) => i.product_id === null || i.variant_id === null)
  const [search, setSearch] = useState('')
  const term = search.trim()
  const found = useQuery({ ...productSearchQuery(term), enabled: term.length >= 2 })
  const cities = useActiveCities()

  const setQuantity = (key: string, quantity: number | '') =>
    setLines((ls) =>
      ls.map((l) => (keyOf(l) === key ? { ...l, quantity: quantity === '' ? '' : clamp(quantity) } : l)),
    )
  const add = (o: Offer) => {
    setLines((ls) =>
      ls.some((l) => keyOf(l) === o.key)
        ? ls.map((l) => (keyOf(l) === o.key ? { ...l, quantity: clamp(Number(l.quantity) + 1) } : l))
        : [...ls, { product_id: o.product_id, variant_id: o.variant_id, name: o.name, quantity: 1 }],
    )
    setSearch('')
  }

  const cityOptions = cities.data ?? []
  const cityListed = cityOptions.some((c) => String(c.id) === cityId)

  return (
    <section
      aria-labelledby="order-items-editor-title"
      className="mb-5 rounded-[var(--radius-card)] border border-palm-200 bg-palm-50/40 p-3"
    >
      <h3 id="order-items-editor-title" className="font-bold text-stone-900">
        {t('orders.edit_items.title')}
      </h3>
      <p className="mt-1 text-sm text-stone-700">
        {mailWorks ? t('orders.edit_items.hint') : t('orders.edit_items.hint_no_mail')}
      </p>
      <ul className="mt-3 space-y-2">
        {lines.map((line) => (
          <li
            key={keyOf(line)}
            className="flex flex-wrap items-center justify-between gap-2 rounded-[var(--radius-control)] bg-white px-3 py-2 ring-1 ring-sand-300"
            data-testid="edit-line"
          >
            <bdi className="min-w-0 flex-1 font-semibold text-stone-900">{line.name}</bdi>
            <div className="flex items-center gap-1">
              <IconButton
                label={t('orders.edit_items.decrease', { name: line.name })}
                icon={<Minus aria-hidden="true" />}
                disabled={Number(line.quantity) <= 1}
                onClick={() => setQuantity(keyOf(line), Number(line.quantity) - 1)}
              />
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_PRODUCT_QUANTITY}
                aria-label={t('orders.edit_items.quantity_of', { name: line.name })}
                className="ltr-nums h-9 w-16 rounded-[var(--radius-control)] border border-sand-300 text-center font-bold tabular-nums"
                value={line.quantity}
                onChange={(e) =>
                  setQuantity(keyOf(line), e.target.value === '' ? '' : Number(e.target.value))
                }
                onBlur={() => line.quantity === '' && setQuantity(keyOf(line), 1)}
              />
              <IconButton
                label={t('orders.edit_items.increase', { name: line.name })}
                icon={<Plus aria-hidden="true" />}
                onClick={() => setQuantity(keyOf(line), Number(line.quantity) + 1)}
              />
              <IconButton
                label={t('orders.edit_items.remove', { name: line.name })}
                tone="danger"
                icon={<Trash2 aria-hidden="true" />}
                disabled={lines.length + kept.length <= 1}
                onClick={() => setLines((ls) => ls.filter((l) => keyOf(l) !== keyOf(line)))}
              />
            </div>
          </li>
        ))}
        {kept.map((item) => (
          <li key={item.id} className="rounded-[var(--radius-control)] bg-sand-100 px-3 py-2 text-sm">
            <bdi className="font-semibold">{named(item.product_name, item.variant_label)}</bdi> ×{' '}
            <span className="ltr-nums">{item.quantity}</span>
            <span className="block text-stone-600">
              {item.product_id === null ? t('orders.edit_items.kept') : t('orders.edit_items.kept_size')}
            </span>
          </li>
        ))}
      </ul>
      {lines.length + kept.length <= 1 ? (
        <p className="mt-2 text-xs text-stone-600">{t('orders.edit_items.need_a_line')}</p>
      ) : null}

      <div className="mt-4">
        <p className="mb-1 text-sm font-semibold text-stone-800">{t('orders.edit_items.add_product')}</p>
        <SearchInput
          label={t('orders.edit_items.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="sm:max-w-none"
        />
        {term.length >= 2 && found.data ? (
          found.data.length === 0 ? (
            <p className="mt-2 text-sm text-stone-600">{t('orders.edit_items.no_results')}</p>
          ) : (
            <ul className="mt-2 divide-y divide-sand-200 rounded-[var(--radius-control)] bg-white ring-1 ring-sand-300">
              {found.data.flatMap(offersOf).map((o) => (
                <li key={o.key} className="flex items-center justify-between gap-2 px-3 py-1.5 text-sm">
                  <span className="min-w-0">
                    <bdi className="font-semibold">{o.name}</bdi>{' '}
                    <span className="text-stone-600">
                      · {formatMoney(o.price)} ·{' '}
                      {o.stock > 0
                        ? t('orders.edit_items.stock', { n: o.stock })
                        : t('orders.edit_items.out_of_stock')}
                    </span>
                  </span>
                  <IconButton
                    label={t('orders.edit_items.add', { name: o.name })}
                    tone="primary"
                    icon={<Plus aria-hidden="true" />}
                    disabled={!o.sellable}
                    onClick={() => add(o)}
                  />
                </li>
              ))}
            </ul>
          )
        ) : null}
      </div>

      <Field label={t('orders.edit_items.city')} className="mt-4">
        {(p) => (
          <Select {...p} value={cityId} onChange={(e) => setCityId(e.target.value)}>
            {!cityListed ? <option value={cityId}>{order.city_name ?? '—'}</option> : null}
            {cityOptions.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name} · {formatMoney(c.delivery_price)}
              </option>
            ))}
          </Select>
        )}
      </Field>

      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {t('orders.edit_items.cancel')}
        </Button>
        <Button busy={saving} disabled={lines.length === 0} onClick={onSave}>
          {saving ? t('orders.edit_items.saving') : t('orders.edit_items.save')}
        </Button>
      </div>
    </section>
  )
}
