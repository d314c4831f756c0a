import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { AlertCircle } from 'lucide-react'
import { useState } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { Shipment, ShipmentOutcome } from '@shop/shared/schemas/delivery'
import { z } from 'zod'
import { Button } from '../../../components/ui/button.tsx'
import { Field, FieldError, Input, Textarea } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useFormatMoney } from '../../../lib/shop-settings.ts'
import { toast } from '../../../lib/toast.ts'
import { changedByShipment, recordShipmentOutcome } from '../api/shipments-api.ts'

export type OutcomeKind = ShipmentOutcome['status']
/** The form as typed. */
type OutcomeValues = { collected_amount?: string; reason?: string; condition?: 'good' | 'damaged' }

// The fields of each outcome with the API's messages (ShipmentOutcome checks the body again). Plain zod only: the
// shared schema's union would bring zod's union code into the chunk every storefront page downloads (issue 40 budget).
const amount = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,2})?$/, 'validation.price_invalid')
const why = z.string().trim().min(1, 'validation.reason_required').max(500, 'validation.too_long')
const FIELDS = {
  delivered: z.object({ collected_amount: amount }),
  refused: z.object({ reason: why }),
  failed_attempt: z.object({ reason: why }),
  returned: z.object({ condition: z.enum(['good', 'damaged'], { error: 'validation.condition_invalid' }) }),
}
const resolvers = Object.fromEntries(
  Object.entries(FIELDS).map(([kind, schema]) => [kind, zodResolver(schema)]),
) as unknown as Record<OutcomeKind, Resolver<OutcomeValues>>

/** The body of the PATCH from what was typed (checked above). */
const outcomeOf = (kind: OutcomeKind, v: OutcomeValues): ShipmentOutcome =>
  kind === 'delivered'
    ? { status: kind, collected_amount: Number(v.collected_amount) }
    : kind === 'returned'
      ? { status: kind, condition: v.condition! }
      : { status: kind, reason: v.reason!.trim() }

const initial = (kind: OutcomeKind, shipment: Shipment): OutcomeValues =>
  kind === 'delivered'
    ? { collected_amount: shipment.cod_amount.toFixed(2) }
    : kind === 'returned'
      ? {}
      : { reason: '' }

/**
 * Issue 42: one outcome of a shipment as staff record it (the driver may record the same on their phone): delivered
 * with the cash collected (the amount to collect prefilled), refused or not delivered with why, or the box back in good
 * shape (its stock returns) or damaged (it does not). The API's refusal (a move not allowed, settled) is shown as it says.
 */
export function ShipmentOutcomeForm({
  shipment,
  kind,
  onDone,
}: {
  shipment: Shipment
  kind: OutcomeKind
  onDone(): void
}) {
  const { t } = useTranslation('dashboard')
  const formatMoney = useFormatMoney()
  const [problem, setProblem] = useState<string | null>(null)
  const { register, handleSubmit, setError, formState } = useForm<OutcomeValues>({
    resolver: resolvers[kind],
    defaultValues: initial(kind, shipment),
  })
  const errors = formState.errors
  const record = useMutation({
    mutationFn: (outcome: ShipmentOutcome) => recordShipmentOutcome(shipment.id, outcome),
    // The order moves with it (completed, cancelled, stock back): the same refresh as any order move (decision 0086).
    meta: { invalidates: changedByShipment },
    onSuccess: (saved) => {
      toast.success(
        t('orders.shipment.recorded', {
          number: saved.order_number,
          status: t(`orders.shipment.statuses.${saved.status}`),
        }),
      )
      onDone()
    },
    onError: (err) => {
      if (err instanceof ApiError && err.errors)
        for (const [f, m] of Object.entries(err.errors))
          if (f === 'collected_amount' || f === 'reason' || f === 'condition') setError(f, { message: m[0] })
      setProblem(err.message)
    },
  })
  const submit = handleSubmit((v) => {
    setProblem(null)
    record.mutate(outcomeOf(kind, v))
  })
  const title = t(`orders.shipment.actions.${kind}`)

  return (
    <form
      noValidate
      aria-label={title}
      data-testid={`outcome-${kind}`}
      onSubmit={(e) => void submit(e)}
      className="mt-3 space-y-3 rounded-[var(--radius-card)] border border-honey-300 bg-honey-50 p-3"
    >
      <p className="font-bold text-stone-900">{title}</p>
      {kind === 'delivered' ? (
        <Field
          label={t('orders.shipment.collected_amount')}
          hint={
            shipment.cod_amount > 0
              ? t('orders.shipment.collected_hint', { amount: formatMoney(shipment.cod_amount) })
              : t('orders.shipment.nothing_to_collect')
          }
          error={errors.collected_amount?.message}
        >
          {(p) => (
            <Input
              {...p}
              dir="ltr"
              inputMode="decimal"
              className="max-w-48 tabular-nums"
              {...register('collected_amount')}
            />
          )}
        </Field>
      ) : kind === 'returned' ? (
        <fieldset aria-describedby="returned-hint">
          <legend className="text-sm font-semibold text-stone-700">
            {t('orders.shipment.condition_question')}
          </legend>
          <div className="mt-2 flex flex-col gap-2" id="returned-hint">
            {(['good', 'damaged'] as const).map((c) => (
              <label key={c} className="flex min-h-9 items-start gap-2 text-sm">
                <input
                  type="radio"
                  value={c}
                  className="mt-0.5 size-4 shrink-0 accent-palm-700"
                  {...register('condition')}
                />
                <span>
                  <span className="block font-semibold text-stone-900">
                    {t(`orders.shipment.conditions.${c}`)}
                  </span>{' '}
                  <span className="block text-stone-700">{t(`orders.shipment.condition_effect.${c}`)}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError message={errors.condition?.message} />
        </fieldset>
      ) : (
        <Field
          label={t('orders.shipment.reason')}
          required
          hint={t(`orders.shipment.reason_hint.${kind}`)}
          error={errors.reason?.message}
        >
          {(p) => <Textarea {...p} rows={2} {...register('reason')} />}
        </Field>
      )}
      {problem ? (
        <p role="alert" className="flex items-start gap-1 text-sm text-red-700">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{problem}</span>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={record.isPending}>
          {record.isPending ? t('orders.shipment.saving') : t('orders.shipment.save')}
        </Button>
        <Button variant="secondary" disabled={record.isPending} onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
      </div>
    </form>
  )
}
