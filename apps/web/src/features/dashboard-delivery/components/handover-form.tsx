import { useMutation } from '@tanstack/react-query'
import type { RowSelectionState } from '@tanstack/react-table'
import { HandCoins } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Courier, SettlementResult, Shipment } from '@shop/shared/schemas/delivery'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { toast } from '../../../lib/toast.ts'
import { collectedOf } from '../api/balance-api.ts'
import { recordHandover } from '../api/settlements-api.ts'
import { OpenDeliveries } from './open-deliveries.tsx'
import { SettlementResultView } from './settlement-result.tsx'

const cents = (n: number) => Math.round(n * 100)
/** What the ticked deliveries bring in: collected less fees (own drivers keep none), as the API checks it. */
const dueOf = (open: Shipment[], ticked: RowSelectionState) =>
  (
    open
      .filter((s) => ticked[String(s.id)])
      .reduce((sum, s) => sum + cents(collectedOf(s)) - cents(s.fee), 0) / 100
  ).toFixed(2)

/** "Cash handed over" (issue 42): an own driver brings the cash of the deliveries ticked; the amount starts as their sum. */
export function HandoverForm({ courier, open }: { courier: Courier; open: Shipment[] }) {
  const { t } = useTranslation('dashboard')
  const formId = useId()
  const [ticked, setTicked] = useState<RowSelectionState>({})
  const [amount, setAmount] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [result, setResult] = useState<SettlementResult | null>(null)
  const ids = open.filter((s) => ticked[String(s.id)]).map((s) => s.id)
  const save = useMutation({
    mutationFn: recordHandover,
    meta: { invalidates: changedBy.settlement },
    onSuccess: (r) => {
      setResult(r)
      setTicked({})
      setAmount('')
      if (r.matched.length > 0) toast.success(t('delivery.result.settled_toast', { count: r.matched.length }))
    },
    // 422 HANDOVER_AMOUNT_MISMATCH: the API's words say what was expected and what was typed.
    onError: (err) =>
      err instanceof ApiError && err.code === 'HANDOVER_AMOUNT_MISMATCH'
        ? setError(err.message)
        : toast.error(t('delivery.result.failed', { message: err.message })),
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (ids.length === 0) return setError(t('delivery.handover.none_ticked'))
    if (!/^\d+(\.\d{1,2})?$/.test(amount.trim())) return setError('validation.price_invalid')
    setError(undefined)
    save.mutate({ courier_id: courier.id, amount: Number(amount), shipment_ids: ids })
  }
  const tick = (next: RowSelectionState) => {
    setTicked(next)
    setAmount(dueOf(open, next))
    setError(undefined)
  }

  return (
    <div className="space-y-3">
      <div>
        <h4 className="font-semibold text-stone-900">{t('delivery.handover.title')}</h4>
        <p className="text-sm text-stone-600">{t('delivery.handover.intro')}</p>
      </div>
      {result ? <SettlementResultView result={result} /> : null}
      <OpenDeliveries
        open={open}
        selection={open.length > 0 ? { state: ticked, onChange: tick } : undefined}
      />
      {open.length > 0 ? (
        <form
          id={formId}
          noValidate
          onSubmit={submit}
          className="flex flex-wrap items-start gap-3 rounded-[var(--radius-card)] border border-sand-300 bg-sand-50 p-3"
        >
          <Field
            label={t('delivery.handover.amount')}
            hint={t('delivery.handover.amount_hint', { count: ids.length })}
            error={error}
            className="min-w-48 flex-1"
          >
            {(p) => (
              <Input
                {...p}
                type="number"
                step="0.01"
                min="0"
                inputMode="decimal"
                className="ltr-nums"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            )}
          </Field>
          <Button
            type="submit"
            className="sm:mt-6"
            busy={save.isPending}
            icon={<HandCoins className="size-4" aria-hidden="true" />}
          >
            {t('delivery.handover.submit')}
          </Button>
        </form>
      ) : null}
    </div>
  )
}
