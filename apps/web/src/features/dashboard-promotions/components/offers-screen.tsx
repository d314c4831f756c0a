import { useQuery } from '@tanstack/react-query'
import { BadgePercent } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PROMOTION_STATUSES, type Promotion, type PromotionStatus } from '@shop/shared/schemas/promotion'
import { actionsColumn, EditDeleteButtons } from '../../../components/data-list/columns.tsx'
import { ConfirmRowAction } from '../../../components/data-list/confirm-row-action.tsx'
import { ListScreen, selectFilter } from '../../../components/data-list/data-list.tsx'
import type { DataColumn } from '../../../components/data-list/data-table.tsx'
import { useDataList } from '../../../components/data-list/use-data-list.ts'
import { useRowAction } from '../../../components/data-list/use-row-action.ts'
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { EnglishMissing } from '../../../components/ui/translated-fields.tsx'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { dateTime } from '../../../lib/dates.ts'
import { useFormatMoney } from '../../../lib/shop-settings.ts'
import { toast } from '../../../lib/toast.ts'
import {
  deletePromotion,
  offerCategoriesQuery,
  promotionListQuery,
  shopTimezoneQuery,
} from '../api/promotions-api.ts'
import { OfferFormDialog } from './offer-form-dialog.tsx'

const STATUS_TONE: Record<PromotionStatus, BadgeTone> = {
  active: 'green',
  scheduled: 'blue',
  ended: 'gray',
  used_up: 'amber',
  inactive: 'red',
}

/** Issue 29: the shop's offers: what each gives, its state, dates, uses and what it brought; create, edit, delete. */
export function OffersScreen() {
  const { t, i18n } = useTranslation('dashboard')
  const format = useFormatMoney()
  // An amount never breaks across lines ("15.00 LYD" stays whole inside a sentence).
  const money = (value: unknown) => format(value).replace(/ /g, '\u00a0')
  const [form, setForm] = useState<{ open: boolean; offer: Promotion | null }>({ open: false, offer: null })
  const tz = useQuery(shopTimezoneQuery()).data ?? 'Africa/Tripoli'
  const categories = useQuery(offerCategoriesQuery()).data ?? []
  const list = useDataList({
    query: promotionListQuery,
    getRowId: (p) => p.id,
    filters: {
      status: selectFilter(t('offers.status_filter'), [
        { value: 'all', label: t('offers.all_statuses') },
        ...PROMOTION_STATUSES.map((s) => ({ value: s, label: t(`offers.statuses.${s}`) })),
      ]),
    },
  })
  const remove = useRowAction({
    mutationFn: (p: Promotion) => deletePromotion(p.id),
    invalidates: changedBy.promotion,
    rowId: (p) => p.id,
    onSuccess: (kept, p) =>
      toast.success(kept ? t('offers.deactivated', { name: p.name }) : t('offers.deleted', { name: p.name })),
    onError: (err) => toast.error(t('common.delete_failed', { message: err.message })),
  })

  const when = (iso: string) =>
    dateTime(iso, i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: tz })

  /** "10% off · Dates", "Free delivery", "5.00 LYD off the order". */
  const gives = (p: Promotion) => {
    const amount = p.value_type === 'percentage' ? `${p.value}%` : money(p.value)
    if (p.target === 'delivery')
      return p.value_type === 'percentage' && p.value >= 100
        ? t('offers.gives_free_delivery')
        : t('offers.gives_delivery', { amount })
    if (p.target === 'order') return t('offers.gives_order', { amount })
    const names = p.category_ids
      .map((id) => categories.find((c) => c.id === id)?.name)
      .filter((n): n is string => Boolean(n))
    const others = p.product_ids.length + p.variant_ids.length + (p.category_ids.length - names.length)
    const what = [...names, ...(others ? [t('offers.chosen_items')] : [])].join('، ')
    return t('offers.gives_items', { amount, items: what || t('offers.chosen_items') })
  }

  const columns: DataColumn<Promotion>[] = [
    {
      // The code (or "Automatic") sits under the name: one column fewer keeps the table within a laptop's width.
      id: 'name',
      header: t('offers.name'),
      card: 'title',
      cell: (p) => (
        <span className="flex flex-col items-start gap-1">
          <span className="flex flex-wrap items-center gap-2">
            <bdi className="font-semibold text-stone-900">{p.name}</bdi>
            {p.name_en === null ? <EnglishMissing /> : null}
          </span>
          {p.code ? (
            <span
              dir="ltr"
              className="rounded bg-sand-100 px-1.5 py-0.5 font-mono text-xs font-semibold text-stone-800"
            >
              {p.code}
            </span>
          ) : (
            <span className="text-xs text-stone-600">{t('offers.automatic')}</span>
          )}
        </span>
      ),
    },
    {
      id: 'status',
      header: t('offers.status'),
      card: 'status',
      cell: (p) => (
        <Badge tone={STATUS_TONE[p.status]} className="whitespace-nowrap">
          {t(`offers.statuses.${p.status}`)}
        </Badge>
      ),
    },
    {
      id: 'gives',
      header: t('offers.gives'),
      className: 'min-w-36',
      cell: (p) => (
        <span className="text-sm text-stone-800">
          {gives(p)}
          {p.min_subtotal !== null ? (
            <span className="block text-xs text-stone-500">
              {t('offers.min', { amount: money(p.min_subtotal) })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'window',
      header: t('offers.window'),
      cell: (p) => (
        <span className="block text-sm whitespace-nowrap text-stone-700">
          {p.starts_at ? (
            <span className="block">{t('offers.from', { date: when(p.starts_at) })}</span>
          ) : null}
          <span className="block">
            {p.ends_at ? t('offers.until', { date: when(p.ends_at) }) : t('offers.no_end')}
          </span>
        </span>
      ),
    },
    {
      id: 'uses',
      header: t('offers.uses'),
      cell: (p) => (
        <span className="block">
          <span className="ltr-nums tabular-nums whitespace-nowrap" data-testid="offer-uses">
            {p.usage_limit !== null ? `${p.uses} / ${p.usage_limit}` : p.uses}
          </span>
          {/* Decision 0227: a code typed while a better offer won counts for the campaign, apart from its uses. */}
          {p.code !== null && (p.typed_not_applied ?? 0) > 0 ? (
            <span
              className="block text-xs text-stone-600"
              title={t('offers.typed_not_applied_hint')}
              data-testid="offer-typed-not-applied"
            >
              {t('offers.typed_not_applied', { count: p.typed_not_applied })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'discount',
      header: t('offers.discount_given'),
      cell: (p) => <Money value={p.discount_given} className="text-date-700" />,
    },
    {
      id: 'revenue',
      header: t('offers.revenue'),
      cell: (p) => <Money value={p.revenue} />,
    },
    actionsColumn<Promotion>(t, (p) => (
      <EditDeleteButtons
        editLabel={t('offers.edit_named', { name: p.name })}
        deleteLabel={t('offers.delete_named', { name: p.name })}
        onEdit={() => setForm({ open: true, offer: p })}
        onDelete={() => remove.ask(p)}
      />
    )),
  ]

  return (
    <ListScreen
      title={t('offers.title')}
      description={
        <>
          {t('offers.description')}
          {/* Decision 0229: an offer's orders, discount and revenue are its completed orders, as the overview's. */}
          <span className="mt-1 block text-xs" data-testid="figures-hint">
            {t('figures.offers')}
          </span>
        </>
      }
      add={{ label: t('offers.add'), onClick: () => setForm({ open: true, offer: null }) }}
      searchLabel={t('offers.search')}
      list={list}
      columns={columns}
      rowName={(p) => p.name}
      loadFailed={t('offers.load_failed')}
      empty={{
        title: t('offers.empty'),
        text: t('offers.empty_text'),
        icon: <BadgePercent className="size-10" aria-hidden="true" />,
      }}
      noResults={{ title: t('offers.no_results') }}
    >
      <OfferFormDialog
        open={form.open}
        offer={form.offer}
        onClose={() => setForm({ open: false, offer: null })}
      />
      <ConfirmRowAction
        action={remove}
        title={() => t('offers.delete_title')}
        message={(p) => t('offers.delete_confirm', { name: p.name })}
        confirmLabel={(p) =>
          p.uses > 0 || p.orders_count > 0 ? t('offers.deactivate') : t('common:actions.delete')
        }
        tone={() => 'danger'}
      />
    </ListScreen>
  )
}
