import { useEffect, useRef, useState, type RefObject } from 'react'
import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import {
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  STATUS_EDITS,
  type Order,
  type UpdateOrderInput,
} from '@shop/shared/schemas/order'
import { Field, FieldError, Select } from '../../../components/ui/field.tsx'
import { useFormatMoney } from '../../../lib/shop-settings.ts'

/** The dialog's form as typed (the spec's texts; the server splits an edited text into the order's parts, decision 0214). */
export type OrderFormValues = Record<Exclude<keyof UpdateOrderInput, 'customer'>, string>

/**
 * Decision 0132: completing an unpaid cash order asks whether the cash was collected; "yes" saves it as paid. The
 * question's state, started again for each order and each time the question appears.
 */
export function useCashQuestion({
  order,
  ready,
  orderStatus,
  setPaymentStatus,
}: {
  order: Order | undefined
  ready: boolean
  orderStatus: string
  setPaymentStatus(status: string): void
}) {
  const [answer, setAnswer] = useState<'yes' | 'no' | null>(null)
  const [unanswered, setUnanswered] = useState(false)
  const first = useRef<HTMLInputElement>(null)
  const ask =
    ready &&
    order !== undefined &&
    order.payment_method === 'cash' &&
    order.order_status !== 'completed' &&
    order.payment_status === 'pending' &&
    orderStatus === 'completed'
  useEffect(() => {
    setAnswer(null)
    setUnanswered(false)
  }, [order?.id, ask])
  return {
    ask,
    answer,
    unanswered,
    first,
    choose(a: 'yes' | 'no') {
      setAnswer(a)
      setUnanswered(false)
      setPaymentStatus(a === 'yes' ? 'paid' : (order?.payment_status ?? 'pending'))
    },
    /** Whether the form may be saved; otherwise the question is pointed out. */
    answered(): boolean {
      if (!ask || answer !== null) return true
      setUnanswered(true)
      first.current?.focus()
      return false
    },
  }
}
export type CashQuestion = ReturnType<typeof useCashQuestion>

/** The order and payment statuses (decision 0219: only the moves the lifecycle allows) and the cash question. */
export function OrderStatusFields({
  order,
  register,
  errors,
  cash,
}: {
  order: Order | undefined
  register: UseFormRegister<OrderFormValues>
  errors: FieldErrors<OrderFormValues>
  cash: CashQuestion
}) {
  const { t } = useTranslation('dashboard')
  const formatMoney = useFormatMoney()
  return (
    <>
      <Field
        label={t('orders.order_status')}
        error={errors.order_status?.message}
        // Issue 42: an order out for delivery moves with its shipment, never by hand (STATUS_EDITS.shipped is empty).
        hint={order?.order_status === 'shipped' ? t('orders.shipment.status_by_shipment') : undefined}
      >
        {(p) => (
          <Select {...p} {...register('order_status')}>
            {ORDER_STATUSES.map((s) => (
              // Decision 0219: only the moves the order's lifecycle allows from its saved status.
              <option
                key={s}
                value={s}
                disabled={
                  !!order && s !== order.order_status && !STATUS_EDITS[order.order_status].includes(s)
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
      {cash.ask && order ? (
        <CashCollected order={order} cash={cash} total={formatMoney(order.total_amount)} />
      ) : null}
    </>
  )
}

function CashCollected({ cash, total }: { order: Order; cash: CashQuestion; total: string }) {
  const { t } = useTranslation('dashboard')
  return (
    <fieldset
      className="rounded-[var(--radius-card)] border border-honey-300 bg-honey-50 p-3 sm:col-span-2"
      aria-describedby="cash-collected-hint"
    >
      <legend className="px-1 font-bold text-stone-900">{t('orders.cash_collected.question')}</legend>
      <p id="cash-collected-hint" className="text-sm text-stone-700">
        {t('orders.cash_collected.hint', { total })}
      </p>
      <div className="mt-2 flex flex-col gap-2">
        {(['yes', 'no'] as const).map((answer) => (
          <label key={answer} className="flex min-h-9 items-center gap-2 text-sm font-semibold">
            <input
              ref={answer === 'yes' ? (cash.first as RefObject<HTMLInputElement>) : undefined}
              type="radio"
              name="cash_collected"
              className="size-4 accent-palm-700"
              checked={cash.answer === answer}
              onChange={() => cash.choose(answer)}
            />
            {t(`orders.cash_collected.${answer}`)}
          </label>
        ))}
      </div>
      <FieldError message={cash.unanswered ? t('orders.cash_collected.required') : undefined} />
    </fieldset>
  )
}
