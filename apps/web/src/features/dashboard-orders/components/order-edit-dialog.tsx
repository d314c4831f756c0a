import type { TFunction } from 'i18next'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery } from '@tanstack/react-query'
import { ArrowLeft, PackageOpen } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../lib/toast.ts'
import {
  ORDER_STATUSES,
  STATUS_EDITS,
  PAYMENT_STATUSES,
  UpdateOrderInput,
  type Order,
  type OrderStatusChange,
} from '@shop/shared/schemas/order'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, FieldError, Input, Select, Textarea } from '../../../components/ui/field.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { orderDetailQuery, updateOrder } from '../api/orders-api.ts'
import { ConfirmByPhone } from './confirm-by-phone.tsx'
import { TrackingLink } from './tracking-link.tsx'
import { OrderContact } from './order-contact.tsx'
import { canBeRefusedAtDoor, RefusedAtDoor } from './refused-at-door.tsx'
import { OrderItemsEditor } from './order-items-editor.tsx'
import { OrderLines } from './order-lines.tsx'
import { AuditTrail } from '../../../components/audit/audit-trail.tsx'
import { OrderPayments } from './order-payments.tsx'
import { useFormatMoney } from '../../../lib/shop-settings.ts'
import { useCan } from '../../../lib/auth/permissions.ts'

type Values = Record<keyof UpdateOrderInput, string>
const resolver = zodResolver(UpdateOrderInput) as unknown as Resolver<Values, unknown, UpdateOrderInput>

const toValues = (o: Order): Values => ({
  customer_name: o.customer_name ?? '',
  customer_email: o.customer_email ?? '',
  customer_phone: o.customer_phone ?? '',
  shipping_address: o.shipping_address ?? '',
  order_status: o.order_status,
  payment_status: o.payment_status,
  notes: o.notes ?? '',
})

/** product.md §2.19 order edit dialog, with the order's status history. */
export function OrderEditDialog({ order, onClose }: { order: Order | null; onClose(): void }) {
  const { t, i18n } = useTranslation('dashboard')
  const formatMoney = useFormatMoney()
  const can = useCan()
  const detail = useQuery({ ...orderDetailQuery(order?.id ?? 0), enabled: order !== null })
  const { register, handleSubmit, reset, setError, setValue, watch, formState } = useForm<
    Values,
    unknown,
    UpdateOrderInput
  >({
    resolver,
  })
  const errors = formState.errors

  // As the product form (product.md §2.16): the form waits for the full order and is filled once from it, or from
  // the row data when it cannot be loaded. A later answer (a refetch) never resets what the admin typed.
  const [filledFor, setFilledFor] = useState<number | null>(null)
  const source = !order
    ? undefined
    : detail.isError
      ? order
      : detail.isSuccess && !detail.isFetching
        ? detail.data
        : undefined
  useEffect(() => {
    if (!order) setFilledFor(null)
    else if (filledFor !== order.id && source) {
      reset(toValues(source))
      setFilledFor(order.id)
    }
  }, [order, source, filledFor, reset])
  const loading = order !== null && filledFor !== order.id

  // Decision 0133: pending and processing orders' lines can be changed, unless money was taken online for them.
  const [editingItems, setEditingItems] = useState(false)
  useEffect(() => setEditingItems(false), [order?.id])

  // Decision 0132: completing an unpaid cash order asks whether the cash was collected; "yes" saves it as paid.
  const [cashAnswer, setCashAnswer] = useState<'yes' | 'no' | null>(null)
  const [cashUnanswered, setCashUnanswered] = useState(false)
  const cashQuestion = useRef<HTMLInputElement>(null)
  const loaded = detail.data
  const askCash =
    !loading &&
    loaded !== undefined &&
    loaded.payment_method === 'cash' &&
    loaded.order_status !== 'completed' &&
    loaded.payment_status === 'pending' &&
    watch('order_status') === 'completed'
  useEffect(() => {
    setCashAnswer(null)
    setCashUnanswered(false)
  }, [order?.id, askCash])
  const answerCash = (answer: 'yes' | 'no') => {
    setCashAnswer(answer)
    setCashUnanswered(false)
    setValue('payment_status', answer === 'yes' ? 'paid' : (loaded?.payment_status ?? 'pending'))
  }
  const submit = handleSubmit((v) => {
    if (askCash && cashAnswer === null) {
      setCashUnanswered(true)
      cashQuestion.current?.focus()
      return
    }
    save.mutate(v)
  })

  const save = useMutation({
    mutationFn: (v: UpdateOrderInput) => updateOrder(order!.id, v),
    // A status change moves revenue, profit, the sales report and stock: lib/dashboard-keys.ts lists what refreshes.
    meta: { invalidates: changedBy.order },
    onSuccess: () => {
      toast.success(t('orders.updated'))
      onClose()
    },
    onError: (err) => {
      if (err instanceof ApiError && err.errors) {
        for (const [f, m] of Object.entries(err.errors))
          if (f in toValues(order!)) setError(f as keyof Values, { message: m[0] })
      }
      toast.error(t('orders.update_failed', { message: err.message }))
    },
  })

  const history = detail.data?.history ?? []
  const when = (iso: string) =>
    new Date(iso)
      .toLocaleString(i18n.language === 'ar' ? 'ar-LY-u-nu-latn' : 'en-GB')
      .replace(/\u200f/g, '') /* RLMs scramble it inside ltr-nums */
  const pay = (s: string | null) => (s ? t(`orders.payment_edit.${s}`, { defaultValue: s }) : '—')
  const status = (s: string | null) => (s ? t(`common:order_status.${s}`, { defaultValue: s }) : '—')

  return (
    <Dialog
      open={order !== null}
      onOpenChange={(o) => !o && onClose()}
      title={t('orders.edit_title', { number: order ? `#${order.id}` : '' })}
      description={order ? <span className="ltr-nums">{order.order_number}</span> : undefined}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" form="order-form" busy={save.isPending} disabled={loading}>
            {save.isPending ? t('common:actions.saving') : t('common:actions.save')}
          </Button>
        </>
      }
    >
      {/* Decision 0070: a pending cash order is confirmed with the customer before it is prepared; an online one waits for its payment. */}
      {!loading && detail.data?.order_status === 'pending' && detail.data.payment_method === 'cash' ? (
        <ConfirmByPhone order={detail.data} onConfirmed={onClose} />
      ) : !loading && detail.data ? (
        <OrderContact order={detail.data} />
      ) : null}
      {/* Decision 0173: a cash order the customer refused at the door is cancelled with its stock and offer uses back. */}
      {!loading && detail.data?.payment_method === 'cash' && canBeRefusedAtDoor(detail.data) ? (
        <div className="mb-4 flex justify-end">
          <RefusedAtDoor order={detail.data} onDone={onClose} />
        </div>
      ) : null}
      {!loading && detail.data ? (
        editingItems ? (
          <OrderItemsEditor order={detail.data} onDone={() => setEditingItems(false)} />
        ) : (
          <OrderLines
            order={detail.data}
            action={
              // Decision 0190: changing lines changes what the customer pays (orders.edit; not an order clerk's).
              can('orders.edit') &&
              (detail.data.order_status === 'pending' || detail.data.order_status === 'processing') ? (
                detail.data.payment_method !== 'cash' && detail.data.payment_status === 'paid' ? (
                  <span className="text-xs text-stone-600">{t('orders.edit_items.locked_paid')}</span>
                ) : (
                  <Button
                    variant="secondary"
                    size="sm"
                    icon={<PackageOpen className="size-4" aria-hidden="true" />}
                    onClick={() => setEditingItems(true)}
                  >
                    {t('orders.edit_items.edit')}
                  </Button>
                )
              ) : undefined
            }
          />
        )
      ) : null}
      {loading ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-busy="true">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-20 sm:col-span-2" />
        </div>
      ) : (
        <form
          id="order-form"
          noValidate
          onSubmit={(e) => void submit(e)}
          className="grid grid-cols-1 gap-4 sm:grid-cols-2"
        >
          <Field label={t('orders.customer_name')} required error={errors.customer_name?.message}>
            {(p) => <Input {...p} autoComplete="off" {...register('customer_name')} />}
          </Field>
          <Field label={t('orders.email')} required error={errors.customer_email?.message}>
            {(p) => <Input {...p} type="email" dir="ltr" {...register('customer_email')} />}
          </Field>
          <Field label={t('orders.phone')} required error={errors.customer_phone?.message}>
            {(p) => <Input {...p} type="tel" inputMode="tel" dir="ltr" {...register('customer_phone')} />}
          </Field>
          <Field label={t('orders.shipping_address')} required error={errors.shipping_address?.message}>
            {(p) => <Input {...p} {...register('shipping_address')} />}
          </Field>
          <Field label={t('orders.order_status')} error={errors.order_status?.message}>
            {(p) => (
              <Select {...p} {...register('order_status')}>
                {ORDER_STATUSES.map((s) => (
                  // Decision 0219: only the moves the order's lifecycle allows from its saved status.
                  <option
                    key={s}
                    value={s}
                    disabled={
                      !!loaded && s !== loaded.order_status && !STATUS_EDITS[loaded.order_status].includes(s)
                    }
                  >
                    {t(`common:order_status.${s}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label={t('orders.payment_status')}
            error={errors.payment_status?.message}
            hint={t('orders.payment_status_hint')}
          >
            {(p) => (
              <Select {...p} {...register('payment_status')}>
                {PAYMENT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`orders.payment_edit.${s}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {askCash ? (
            <fieldset
              className="rounded-[var(--radius-card)] border border-honey-300 bg-honey-50 p-3 sm:col-span-2"
              aria-describedby="cash-collected-hint"
            >
              <legend className="px-1 font-bold text-stone-900">{t('orders.cash_collected.question')}</legend>
              <p id="cash-collected-hint" className="text-sm text-stone-700">
                {t('orders.cash_collected.hint', { total: formatMoney(loaded!.total_amount) })}
              </p>
              <div className="mt-2 flex flex-col gap-2">
                {(['yes', 'no'] as const).map((answer) => (
                  <label key={answer} className="flex min-h-9 items-center gap-2 text-sm font-semibold">
                    <input
                      ref={answer === 'yes' ? cashQuestion : undefined}
                      type="radio"
                      name="cash_collected"
                      className="size-4 accent-palm-700"
                      checked={cashAnswer === answer}
                      onChange={() => answerCash(answer)}
                    />
                    {t(`orders.cash_collected.${answer}`)}
                  </label>
                ))}
              </div>
              <FieldError message={cashUnanswered ? t('orders.cash_collected.required') : undefined} />
            </fieldset>
          ) : null}
          <Field label={t('orders.notes')} error={errors.notes?.message} className="sm:col-span-2">
            {(p) => <Textarea {...p} rows={3} {...register('notes')} />}
          </Field>
        </form>
      )}
      {order && can('payments.view') ? <OrderPayments orderId={order.id} /> : null}
      {order ? <TrackingLink orderId={order.id} /> : null}
      {/* Decision 0192: each staff action on the order, with who did it. */}
      {order ? <AuditTrail entity="order" id={order.id} /> : null}
      <section className="mt-6 border-t border-sand-300 pt-4" aria-labelledby="order-history-title">
        <h3 id="order-history-title" className="mb-3 font-bold text-stone-900">
          {t('orders.history')}
        </h3>
        {detail.isPending ? (
          <Skeleton className="h-16" />
        ) : detail.isError ? (
          <p className="text-sm text-red-700">{detail.error.message}</p>
        ) : history.length === 0 ? (
          <p className="text-sm text-stone-600">{t('orders.no_history')}</p>
        ) : (
          <ol className="space-y-2">
            {history.map((h) => (
              <li key={h.id} className="rounded-lg bg-sand-100 px-3 py-2 text-sm">
                <p className="flex flex-wrap items-center gap-1.5 font-semibold text-stone-800">
                  {h.from_status === null ? (
                    <>
                      {t('orders.created_entry')}
                      <span className="text-stone-400">·</span>
                      {status(h.to_status)}
                      <span className="text-stone-400">·</span>
                      {pay(h.to_payment_status)}
                    </>
                  ) : h.from_status === h.to_status && h.from_payment_status === h.to_payment_status ? (
                    // Decision 0133: an edit of the lines leaves both statuses as they were.
                    <>
                      {status(h.to_status)}
                      <span className="text-stone-400">·</span>
                      {pay(h.to_payment_status)}
                    </>
                  ) : (
                    <>
                      {status(h.from_status)}
                      <ArrowLeft className="size-4 ltr:rotate-180" aria-label={t('orders.to')} />
                      {status(h.to_status)}
                      <span className="text-stone-400">·</span>
                      {pay(h.from_payment_status)}
                      <ArrowLeft className="size-4 ltr:rotate-180" aria-label={t('orders.to')} />
                      {pay(h.to_payment_status)}
                    </>
                  )}
                </p>
                {/* Decision 0069: who made the change (staff, the shopper, a guest) and why. */}
                {h.action ? (
                  <p className="text-sm font-semibold text-palm-800">
                    {t(`orders.action.${h.action}`, { defaultValue: h.action })}
                  </p>
                ) : null}
                {h.action === 'items_edited' && h.reason ? (
                  <p className="text-sm text-stone-800">
                    {t('orders.edit_items.total_change')}{' '}
                    <span dir="ltr" className="ltr-nums font-semibold">
                      {h.reason}
                    </span>
                  </p>
                ) : h.reason ? (
                  <p className="text-sm text-stone-800">
                    {t('orders.reason', { reason: '' })}
                    <bdi>{h.reason}</bdi>
                  </p>
                ) : null}
                <p className="text-xs text-stone-600">
                  {byWhom(h, t)} · <span className="ltr-nums">{when(h.created_at)}</span>
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </Dialog>
  )
}

/**
 * Decision 0193: who made a move, as the history row says: the staff member by name, the customer (signed in, a guest
 * at checkout or payment, a guest through the tracking link), the payment provider, or the shop by itself.
 */
function byWhom(h: OrderStatusChange, t: TFunction): string {
  switch (h.actor) {
    case 'guest':
      return h.action === 'cancelled_by_customer' ? t('orders.by_guest_link') : t('orders.by_guest')
    case 'shopper':
      return t('orders.by_customer', { name: h.changed_by ?? '' })
    case 'provider':
      return t('orders.by_provider', {
        name: t(`orders.provider_names.${h.provider ?? ''}`, { defaultValue: h.provider ?? '' }),
      })
    case 'system':
      return t('orders.by_system')
    default:
      return t('orders.changed_by', { name: h.changed_by ?? t('orders.system') })
  }
}
