import { zodResolver } from '@hookform/resolvers/zod'
import type { TFunction } from 'i18next'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { z } from 'zod'
import { MANUAL_STOCK_REASONS } from '@shop/shared/permissions'
import type { Product } from '@shop/shared/schemas/product'
import type { StockMovement } from '@shop/shared/schemas/team'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, Input, Select, Textarea } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { auditTime } from '../../../components/audit/audit-format.tsx'
import { useShopTimeZone } from '../../../lib/shop-settings.ts'
import { toast } from '../../../lib/toast.ts'
import { adjustStock, stockHistoryQuery } from '../api/stock-api.ts'

// Issue 30 (decision 0191): "Adjust stock" always asks why; each pack shows its stock history.

const whole = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^[-+]?\d{1,7}$/, message)
    .transform(Number)

const AdjustForm = z
  .object({
    reason: z.enum(MANUAL_STOCK_REASONS, { error: 'validation.stock_reason_invalid' }),
    /** Add or take units (signed), or type the count on the shelf. */
    mode: z.enum(['change', 'count']),
    quantity: z.string(),
    note: z.string().trim().max(500, 'validation.too_long'),
  })
  .superRefine((v, ctx) => {
    const parsed = whole('validation.stock_delta_invalid').safeParse(v.quantity)
    const bad =
      !parsed.success ||
      (v.mode === 'change' && (parsed.data === 0 || Math.abs(parsed.data) > 1_000_000)) ||
      (v.mode === 'count' && parsed.data < 0)
    if (bad)
      ctx.addIssue({
        code: 'custom',
        path: ['quantity'],
        message: v.mode === 'change' ? 'validation.stock_delta_invalid' : 'validation.stock_count_invalid',
      })
  })
type AdjustValues = z.input<typeof AdjustForm>

const EMPTY: AdjustValues = { reason: 'received', mode: 'change', quantity: '', note: '' }

/** A pack's name in the dialog: its label, or "Size n" for an unnamed one. */
const packName = (product: Product, index: number, t: TFunction<'dashboard'>) =>
  product.variants[index]?.label || t('products.size_n', { n: index + 1 })

/** The signed change as staff read it: +12 / −3, left to right in both languages. */
export const signed = (n: number) => (n > 0 ? `+${n}` : `−${Math.abs(n)}`)

export function StockDialog({ product, onClose }: { product: Product | null; onClose(): void }) {
  const { t, i18n } = useTranslation('dashboard')
  const packs = product?.variants ?? []
  const [variantId, setVariantId] = useState<number | null>(null)
  const [page, setPage] = useState(1)
  const pack = packs.find((v) => v.id === variantId) ?? packs[0] ?? null
  const form = useForm<AdjustValues>({ resolver: zodResolver(AdjustForm), defaultValues: EMPTY })
  const errors = form.formState.errors
  const mode = form.watch('mode')

  useEffect(() => {
    if (product) {
      setVariantId(product.variants?.[0]?.id ?? null)
      setPage(1)
      form.reset(EMPTY)
    }
  }, [product, form])

  const history = useQuery({
    ...stockHistoryQuery(product?.id ?? 0, pack?.id ?? null, page),
    enabled: product !== null,
  })
  // The newest movement (page 1) says the stock now; the product row may be older.
  const current =
    (page === 1 ? history.data?.data[0]?.stock_after : undefined) ?? pack?.stock ?? product?.stock ?? 0

  const save = useMutation({
    mutationFn: (values: AdjustValues) => {
      const quantity = Number(values.quantity.trim())
      if (values.mode === 'change' ? quantity === 0 : quantity === current) throw new NoChange()
      // Decision 0218: a count goes as a count, with the figure it was compared to; the server finds the difference
      // and refuses (409 STOCK_CHANGED) when a sale or another hand moved the stock since this screen read it.
      return adjustStock({
        product_id: product!.id,
        ...(pack ? { variant_id: pack.id } : {}),
        ...(values.mode === 'change' ? { delta: quantity } : { count: quantity, stock_based_on: current }),
        reason: values.reason as (typeof MANUAL_STOCK_REASONS)[number],
        ...(values.note.trim() ? { note: values.note.trim() } : {}),
      })
    },
    meta: { invalidates: changedBy.product },
    onSuccess: (movement) => {
      toast.success(t('stock.saved', { change: signed(movement.delta), n: movement.stock_after }))
      form.reset({ ...EMPTY, reason: form.getValues('reason') })
      setPage(1)
    },
    onError: (err) => {
      if (err instanceof NoChange) {
        form.setError('quantity', { message: t('stock.no_change') }, { shouldFocus: true })
        return
      }
      if (err instanceof ApiError && err.code === 'STOCK_CHANGED') {
        // The figure above is read again; the count stays typed, to be confirmed against it.
        form.setError('quantity', { message: err.message }, { shouldFocus: true })
        void history.refetch()
      }
      if (err instanceof ApiError && err.errors) {
        const fields = err.errors
        if (fields.delta?.[0]) form.setError('quantity', { message: fields.delta[0] }, { shouldFocus: true })
        if (fields.count?.[0]) form.setError('quantity', { message: fields.count[0] }, { shouldFocus: true })
        if (fields.reason?.[0]) form.setError('reason', { message: fields.reason[0] })
        if (fields.note?.[0]) form.setError('note', { message: fields.note[0] })
      }
      toast.error(t('stock.save_failed', { message: err.message }))
    },
  })
  const submit = form.handleSubmit((values) => save.mutate(values))
  const packIndex = pack ? packs.indexOf(pack) : 0

  return (
    <Dialog
      open={product !== null}
      onOpenChange={(o) => !o && onClose()}
      size="lg"
      title={t('stock.title', { name: product?.name ?? '' })}
      description={t('stock.description')}
    >
      {product ? (
        <div className="space-y-6">
          {packs.length > 1 ? (
            <Field label={t('stock.size')}>
              {(p) => (
                <Select
                  {...p}
                  value={pack?.id ?? ''}
                  onChange={(e) => {
                    setVariantId(Number(e.target.value))
                    setPage(1)
                  }}
                >
                  {packs.map((v, i) => (
                    <option key={v.id} value={v.id}>
                      {packName(product, i, t)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          ) : null}
          <p className="text-sm text-stone-700" data-testid="stock-now">
            {pack?.is_always_in_stock
              ? t('stock.always_in_stock')
              : packs.length > 1
                ? t('stock.now_size', { n: current, size: packName(product, packIndex, t) })
                : t('stock.now', { n: current })}
          </p>

          {pack?.is_always_in_stock ? null : (
            <form
              id="stock-adjust-form"
              noValidate
              onSubmit={(e) => void submit(e)}
              className="space-y-4 rounded-[var(--radius-card)] border border-sand-300 p-4"
            >
              <h3 className="font-semibold text-stone-900">{t('stock.adjust')}</h3>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label={t('stock.reason')} error={errors.reason?.message} required>
                  {(p) => (
                    <Select {...p} {...form.register('reason')}>
                      {MANUAL_STOCK_REASONS.map((r) => (
                        <option key={r} value={r}>
                          {t(`stock.reasons.${r}`)}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                <Field label={t('stock.mode')}>
                  {(p) => (
                    <Select {...p} {...form.register('mode')}>
                      <option value="change">{t('stock.mode_change')}</option>
                      <option value="count">{t('stock.mode_count')}</option>
                    </Select>
                  )}
                </Field>
              </div>
              <Field
                label={mode === 'change' ? t('stock.quantity_change') : t('stock.quantity_count')}
                hint={mode === 'change' ? t('stock.quantity_change_hint') : undefined}
                error={errors.quantity?.message}
                required
              >
                {(p) => (
                  <Input
                    {...p}
                    dir="ltr"
                    inputMode="numeric"
                    autoComplete="off"
                    {...form.register('quantity')}
                  />
                )}
              </Field>
              <Field label={t('stock.note')} error={errors.note?.message}>
                {(p) => <Textarea {...p} className="min-h-16" {...form.register('note')} />}
              </Field>
              <div className="flex justify-end">
                <Button type="submit" busy={save.isPending}>
                  {t('stock.save')}
                </Button>
              </div>
            </form>
          )}

          <section aria-labelledby="stock-history-title">
            <h3 id="stock-history-title" className="mb-2 font-semibold text-stone-900">
              {t('stock.history')}
            </h3>
            <StockHistory
              rows={history.data?.data ?? []}
              loading={history.isPending}
              failed={history.isError}
              language={i18n.language}
              onClose={onClose}
            />
            {(history.data?.last_page ?? 1) > 1 ? (
              <div className="mt-3 flex items-center justify-between gap-2 text-sm">
                <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {t('stock.newer')}
                </Button>
                <span className="text-stone-600 ltr-nums">
                  {t('stock.page', { page, pages: history.data?.last_page ?? 1 })}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={page >= (history.data?.last_page ?? 1)}
                  onClick={() => setPage(page + 1)}
                >
                  {t('stock.older')}
                </Button>
              </div>
            ) : null}
          </section>
        </div>
      ) : null}
    </Dialog>
  )
}

class NoChange extends Error {}

/** Who moved the stock: the staff member's or shopper's name, the provider, or what the shop itself did. */
function useActorName() {
  const { t } = useTranslation('dashboard')
  return (m: StockMovement) => {
    if (m.actor.kind === 'staff' || m.actor.kind === 'shopper')
      return m.actor.name ?? t(`stock.actors.${m.actor.kind}`)
    if (m.actor.kind === 'provider') return t('stock.actors.provider', { name: m.actor.name ?? '' })
    return t(`stock.actors.${m.actor.kind}`)
  }
}

/** The history: cards on a phone, a table from 768 px (docs/ui.md). */
function StockHistory({
  rows,
  loading,
  failed,
  language,
  onClose,
}: {
  rows: StockMovement[]
  loading: boolean
  failed: boolean
  language: string
  onClose(): void
}) {
  const { t } = useTranslation('dashboard')
  const who = useActorName()
  const timeZone = useShopTimeZone()
  if (loading) return <p className="text-sm text-stone-500">{t('stock.loading')}</p>
  if (failed) return <p className="text-sm text-red-700">{t('stock.load_failed')}</p>
  if (rows.length === 0) return <p className="text-sm text-stone-500">{t('stock.empty')}</p>
  // Decision 0230: on the shop's clock and in the trail's format, so a count reads the same time here and in the audit.
  const when = (m: StockMovement) => auditTime(m.created_at, language, timeZone)
  const change = (m: StockMovement) => (
    <span className={`font-semibold ltr-nums ${m.delta > 0 ? 'text-palm-700' : 'text-red-700'}`} dir="ltr">
      {signed(m.delta)}
    </span>
  )
  const order = (m: StockMovement) =>
    m.order_id !== null ? (
      <Link
        to={`/dashboard/orders?order=${m.order_id}`}
        onClick={onClose}
        className="text-palm-700 underline ltr-nums"
        aria-label={t('stock.open_order', { number: m.order_number ?? m.order_id })}
      >
        {m.order_number ?? `#${m.order_id}`}
      </Link>
    ) : null
  return (
    <>
      <ul className="space-y-2 md:hidden" aria-label={t('stock.history')}>
        {rows.map((m) => (
          <li key={m.id} className="rounded-lg border border-sand-300 p-3 text-sm">
            <div className="flex items-center justify-between gap-2">
              <span className="font-semibold text-stone-900">{t(`stock.reasons.${m.reason}`)}</span>
              {change(m)}
            </div>
            <p className="mt-1 text-stone-600">
              {t('stock.after', { n: m.stock_after })} · <bdi>{who(m)}</bdi>
            </p>
            <p className="text-xs text-stone-500">{when(m)}</p>
            {order(m)}
            {m.note ? (
              <p className="mt-1 text-stone-700">
                <bdi>{m.note}</bdi>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-sm md:table">
        <thead>
          <tr className="border-b border-sand-300 text-start text-stone-600">
            <th className="py-2 text-start font-semibold">{t('stock.when')}</th>
            <th className="py-2 text-start font-semibold">{t('stock.change')}</th>
            <th className="py-2 text-start font-semibold">{t('stock.reason')}</th>
            <th className="py-2 text-start font-semibold">{t('stock.who')}</th>
            <th className="py-2 text-start font-semibold">{t('stock.order')}</th>
            <th className="py-2 text-start font-semibold">{t('stock.note')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((m) => (
            <tr key={m.id} className="border-b border-sand-200 align-top">
              <td className="py-2 whitespace-nowrap text-stone-600">{when(m)}</td>
              <td className="py-2 whitespace-nowrap">
                {change(m)}
                <span className="ms-1 text-xs text-stone-500">{t('stock.after', { n: m.stock_after })}</span>
              </td>
              <td className="py-2">{t(`stock.reasons.${m.reason}`)}</td>
              <td className="py-2">
                <bdi>{who(m)}</bdi>
              </td>
              <td className="py-2">{order(m)}</td>
              <td className="py-2 text-stone-700">{m.note ? <bdi>{m.note}</bdi> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}
