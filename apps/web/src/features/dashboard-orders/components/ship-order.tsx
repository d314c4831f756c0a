import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery } from '@tanstack/react-query'
import { AlertCircle, Truck } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import type { Order } from '@shop/shared/schemas/order'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input, Select } from '../../../components/ui/field.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { toast } from '../../../lib/toast.ts'
import { activeCouriersQuery, changedByShipment, createShipments } from '../api/shipments-api.ts'
import { PackingSlipButton } from './packing-slip-button.tsx'

// The form as typed; the request is CreateShipmentsInput (the server checks the same rules).
const ShipForm = z.object({
  courier_id: z.string().min(1, 'courier_required'),
  tracking_number: z.string().trim().max(100, 'validation.too_long'),
})
type ShipForm = z.infer<typeof ShipForm>

/**
 * Issue 42 (decision 0237): a confirmed order goes out for delivery with one of the shop's active couriers, with the
 * courier company's tracking number if it gave one. The order then reads "out for delivery" and its Delivery panel
 * follows it to the door.
 */
export function ShipOrder({ order, blocked = false }: { order: Order; blocked?: boolean }) {
  const { t } = useTranslation('dashboard')
  const couriers = useQuery(activeCouriersQuery())
  const [problem, setProblem] = useState<string | null>(null)
  const { register, handleSubmit, formState } = useForm<ShipForm>({
    resolver: zodResolver(ShipForm),
    defaultValues: { courier_id: '', tracking_number: '' },
  })
  const errors = formState.errors
  const ship = useMutation({
    mutationFn: (v: ShipForm) =>
      createShipments({
        courier_id: Number(v.courier_id),
        order_ids: [order.id],
        ...(v.tracking_number ? { tracking_numbers: { [order.id]: v.tracking_number } } : {}),
      }),
    // The order moves to shipped: its rows, this dialog, stock and the reports refresh (decision 0086).
    meta: { invalidates: changedByShipment },
    onSuccess: (res) =>
      toast.success(
        t('orders.ship.done', { number: order.order_number, courier: res.data[0]?.courier_name ?? '' }),
      ),
    // 409 ORDER_NOT_SHIPPABLE, COURIER_INACTIVE: the API's own words.
    onError: (err) => setProblem(err.message),
  })
  const submit = handleSubmit((v) => {
    setProblem(null)
    ship.mutate(v)
  })

  return (
    <section
      aria-labelledby="ship-order-title"
      data-testid="ship-order"
      className="mb-5 rounded-[var(--radius-card)] border border-palm-200 bg-palm-50 p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id="ship-order-title" className="flex items-center gap-2 font-bold text-stone-900">
          <Truck className="size-5 text-palm-700 rtl:-scale-x-100" aria-hidden="true" />
          {t('orders.ship.title')}
        </h3>
        <PackingSlipButton orderId={order.id} />
      </div>
      <p className="mt-1 text-sm text-stone-700">{t('orders.ship.text')}</p>
      {couriers.isPending ? (
        <Skeleton className="mt-3 h-10" />
      ) : couriers.isError ? (
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 text-sm text-red-700">
          <p>{t('orders.ship.load_failed', { message: couriers.error.message })}</p>
          <Button variant="secondary" size="sm" onClick={() => void couriers.refetch()}>
            {t('common:actions.try_again')}
          </Button>
        </div>
      ) : couriers.data.length === 0 ? (
        <p className="mt-3 text-sm font-semibold text-stone-800">{t('orders.ship.no_couriers')}</p>
      ) : (
        <form
          noValidate
          onSubmit={(e) => void submit(e)}
          className="mt-3 grid grid-cols-1 items-start gap-3 sm:grid-cols-2"
        >
          <Field
            label={t('orders.ship.courier')}
            required
            error={errors.courier_id ? t('orders.ship.courier_required') : undefined}
          >
            {(p) => (
              <Select {...p} {...register('courier_id')}>
                <option value="">{t('orders.ship.choose')}</option>
                {couriers.data.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {`${c.name} (${t(`orders.shipment.kinds.${c.kind}`)})`}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label={t('orders.ship.tracking_number')}
            hint={t('orders.ship.tracking_hint')}
            error={errors.tracking_number?.message}
          >
            {(p) => <Input {...p} dir="ltr" autoComplete="off" {...register('tracking_number')} />}
          </Field>
          {problem ? (
            <p role="alert" className="flex items-start gap-1 text-sm text-red-700 sm:col-span-2">
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{problem}</span>
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <Button
              type="submit"
              busy={ship.isPending}
              disabled={blocked}
              title={blocked ? t('orders.edit_items.open_edit') : undefined}
              icon={<Truck className="size-4 rtl:-scale-x-100" aria-hidden="true" />}
            >
              {ship.isPending ? t('orders.ship.sending') : t('orders.ship.submit')}
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}
