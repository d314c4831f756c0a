import { useMutation } from '@tanstack/react-query'
import { Upload } from 'lucide-react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Courier, SettlementResult } from '@shop/shared/schemas/delivery'
import { Button } from '../../../components/ui/button.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { tKey } from '../../../lib/i18n.ts'
import { toast } from '../../../lib/toast.ts'
import { rowErrorsOf, uploadStatement, type RowError } from '../api/settlements-api.ts'
import { RowErrors } from './row-errors.tsx'
import { SettlementResultView } from './settlement-result.tsx'

type Outcome = { result: SettlementResult } | { failed: string; rows: RowError[] }

/** A courier company's statement (issue 42): its CSV settles the parcels that match; the answer says line by line. */
export function StatementUpload({ courier }: { courier: Courier }) {
  const { t } = useTranslation('dashboard')
  const input = useRef<HTMLInputElement>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const upload = useMutation({
    mutationFn: (file: File) => uploadStatement(courier.id, file),
    meta: { invalidates: changedBy.settlement },
    onSuccess: (result) => {
      setOutcome({ result })
      if (result.matched.length > 0)
        toast.success(t('delivery.result.settled_toast', { count: result.matched.length }))
    },
    // 422 with `rows`: the file could not be read (each row's error, translated); nothing was settled.
    onError: (err) =>
      setOutcome({
        failed: (err instanceof ApiError && err.errors?.file?.[0]) || err.message,
        rows: rowErrorsOf(err),
      }),
  })
  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = ''
    if (!file) return
    if (!/\.csv$/i.test(file.name)) return void toast.error(tKey('validation.csv_only'))
    setOutcome(null)
    upload.mutate(file)
  }
  return (
    <section
      aria-labelledby="statement-title"
      className="space-y-3 rounded-[var(--radius-card)] border border-sand-300 bg-sand-50 p-3"
    >
      <h3 id="statement-title" className="font-bold text-stone-900">
        {t('delivery.statement.title')}
      </h3>
      <p className="text-sm text-stone-700">
        {t('delivery.statement.columns')}{' '}
        <code dir="ltr" className="rounded bg-white px-1 text-xs">
          order_number | tracking_number, collected, fee
        </code>
      </p>
      <Button
        variant="secondary"
        icon={<Upload className="size-4" aria-hidden="true" />}
        busy={upload.isPending}
        onClick={() => input.current?.click()}
      >
        {t('delivery.statement.upload')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="hidden"
        data-testid="statement-file-input"
        aria-label={t('delivery.statement.upload')}
        onChange={(e) => onFile(e.target.files?.[0])}
      />
      {outcome && 'result' in outcome ? <SettlementResultView result={outcome.result} /> : null}
      {outcome && 'failed' in outcome ? <RowErrors message={outcome.failed} rows={outcome.rows} /> : null}
    </section>
  )
}
