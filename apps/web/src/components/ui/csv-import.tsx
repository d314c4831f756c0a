import { useMutation, type QueryKey } from '@tanstack/react-query'
import { AlertTriangle, CheckCircle2, Download, Upload, XCircle } from 'lucide-react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../../lib/toast.ts'
import type { ImportResult, ImportResultItem } from '@shop/shared/schemas/imports'
import { ApiError } from '../../lib/api-client.ts'
import { tKey } from '../../lib/i18n.ts'
import { Button } from './button.tsx'
import { CsvExportButton } from './csv-export-button.tsx'
import { Dialog } from './dialog.tsx'

export type ImportOutcome =
  | {
      kind: 'done'
      message: string
      created: number
      updated: number
      errors: { row: number; error: string }[]
      /** Each written row: what it created or updated and how it found its record (decision 0116). */
      items: ImportResultItem[]
    }
  | { kind: 'missing'; message: string; missing: string[]; found: string[]; required: string[]; help: string }
  | { kind: 'failed'; message: string }

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : [])

/** product.md §8.3 import outcomes: counts, row errors, missing columns (with help), or any other failure. */
export function importOutcome(result: ImportResult | undefined, error?: unknown): ImportOutcome {
  if (error !== undefined) {
    if (error instanceof ApiError && error.code === 'MISSING_COLUMNS' && error.body) {
      const b = error.body
      return {
        kind: 'missing',
        message: error.message,
        missing: strings(b.missing_columns),
        found: strings(b.found_columns),
        required: strings(b.required_columns),
        help: typeof b.help === 'string' && b.help ? b.help : '',
      }
    }
    return { kind: 'failed', message: error instanceof Error && error.message ? error.message : '' }
  }
  const s = result?.summary
  return {
    kind: 'done',
    message: result?.message ?? '',
    created: Number(s?.created ?? 0) || 0,
    updated: Number(s?.updated ?? 0) || 0,
    errors: Array.isArray(s?.errors) ? s.errors : [],
    items: Array.isArray(s?.items) ? s.items : [],
  }
}

export interface CsvImportProps {
  upload(file: File): Promise<ImportResult>
  downloadSample(): Promise<void>
  /** Decision 0158: a download of the records in the import's format, shown first when given. */
  downloadExport?(): Promise<void>
  /** What an import writes (lib/dashboard-keys.ts `changedBy`), refreshed after it like any other write. */
  invalidates: readonly QueryKey[]
}

/** Header actions "download sample CSV" and "import CSV" with a result dialog (product.md §10.6, §8.3). */
export function CsvImportActions({ upload, downloadSample, downloadExport, invalidates }: CsvImportProps) {
  const { t } = useTranslation('dashboard')
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState<'sample' | null>(null)
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null)
  const importFile = useMutation({
    mutationFn: upload,
    meta: { invalidates },
    onSuccess: (result) => setOutcome(importOutcome(result)),
    onError: (err) => setOutcome(importOutcome(undefined, err)),
  })

  const onSample = async () => {
    setBusy('sample')
    try {
      await downloadSample()
    } catch {
      toast.error(t('import.sample_failed'))
    } finally {
      setBusy(null)
    }
  }

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = ''
    if (!file) return
    // product.md §5.10: .csv files only, refused here before the server checks again.
    if (!/\.csv$/i.test(file.name)) {
      toast.error(tKey('validation.csv_only'))
      return
    }
    importFile.mutate(file)
  }

  return (
    <>
      {downloadExport ? <CsvExportButton download={downloadExport} /> : null}
      <Button
        variant="secondary"
        icon={<Download className="size-4" aria-hidden="true" />}
        busy={busy === 'sample'}
        onClick={() => void onSample()}
      >
        {t('import.sample')}
      </Button>
      <Button
        variant="secondary"
        icon={<Upload className="size-4" aria-hidden="true" />}
        busy={importFile.isPending}
        onClick={() => input.current?.click()}
      >
        {t('import.import')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="hidden"
        data-testid="csv-file-input"
        aria-label={t('import.import')}
        onChange={(e) => onFile(e.target.files?.[0])}
      />
      <ImportResultDialog outcome={outcome} onClose={() => setOutcome(null)} />
    </>
  )
}

export function ImportResultDialog({ outcome, onClose }: { outcome: ImportOutcome | null; onClose(): void }) {
  const { t } = useTranslation('dashboard')
  return (
    <Dialog
      open={outcome !== null}
      onOpenChange={(o) => !o && onClose()}
      title={t('import.result_title')}
      size="lg"
      footer={<Button onClick={onClose}>{t('import.ok')}</Button>}
    >
      {outcome ? <ImportResultBody outcome={outcome} /> : null}
    </Dialog>
  )
}

function ColumnList({ label, items, tone }: { label: string; items: string[]; tone: string }) {
  const { t } = useTranslation('dashboard')
  return (
    <div>
      <p className="text-sm font-semibold text-stone-700">{label}</p>
      <p className="mt-1 flex flex-wrap gap-1">
        {items.length === 0 ? <span className="text-sm text-stone-500">{t('import.none')}</span> : null}
        {items.map((c) => (
          <code key={c} dir="ltr" className={`rounded px-1.5 py-0.5 text-xs ${tone}`}>
            {c}
          </code>
        ))}
      </p>
    </div>
  )
}

export function ImportResultBody({ outcome }: { outcome: ImportOutcome }) {
  const { t } = useTranslation('dashboard')
  if (outcome.kind === 'failed') {
    return (
      <p role="alert" className="flex items-start gap-2 text-red-800">
        <XCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        {t('import.failed', { message: outcome.message || t('import.unknown_error') })}
      </p>
    )
  }
  if (outcome.kind === 'missing') {
    return (
      <div className="space-y-4" role="alert">
        <p className="flex items-start gap-2 font-semibold text-red-800">
          <XCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          {outcome.message || t('import.missing_title')}
        </p>
        <ColumnList
          label={t('import.missing_columns')}
          items={outcome.missing}
          tone="bg-red-100 text-red-800"
        />
        <ColumnList
          label={t('import.found_columns')}
          items={outcome.found}
          tone="bg-stone-100 text-stone-700"
        />
        <ColumnList
          label={t('import.required_columns')}
          items={outcome.required}
          tone="bg-palm-50 text-palm-800"
        />
        <p className="rounded-md bg-honey-50 p-3 text-sm text-stone-800">
          {outcome.help || t('import.default_help')}
        </p>
      </div>
    )
  }
  const first = outcome.errors[0]
  return (
    <div className="space-y-4">
      <p className="flex items-start gap-2 font-semibold text-palm-800">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        {outcome.created + outcome.updated > 0 || outcome.errors.length === 0
          ? t('import.success', { created: outcome.created, updated: outcome.updated })
          : t('import.nothing_imported')}
      </p>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-lg bg-palm-50 p-3">
          <dt className="text-sm text-stone-600">{t('import.created')}</dt>
          <dd className="text-2xl font-bold text-palm-800 ltr-nums">{outcome.created}</dd>
        </div>
        <div className="rounded-lg bg-honey-50 p-3">
          <dt className="text-sm text-stone-600">{t('import.updated')}</dt>
          <dd className="text-2xl font-bold text-honey-800 ltr-nums">{outcome.updated}</dd>
        </div>
      </dl>
      <WrittenRows items={outcome.items} />
      {first ? (
        <div role="alert" className="space-y-2">
          <p className="flex items-start gap-2 text-red-800">
            <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            {/* Issue 39 item 9: "completed with errors" only when something was imported. */}
            {t(
              outcome.created + outcome.updated > 0 ? 'import.completed_with_errors' : 'import.not_imported',
              {
                count: outcome.errors.length,
                error: first.error,
              },
            )}
          </p>
          <ul className="max-h-60 space-y-1 overflow-y-auto rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {outcome.errors.map((e, i) => (
              <li key={`${e.row}-${i}`}>
                <span className="font-semibold">{t('import.row', { row: e.row })}</span> {e.error}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}

/** Decision 0116: what was created and updated, by id and name; rows matched by name only stand out. */
function WrittenRows({ items }: { items: ImportResultItem[] }) {
  const { t } = useTranslation('dashboard')
  if (items.length === 0) return null
  // A row that found by name a product an earlier row of the same file created (a further size, decision 0158) put
  // nothing stored at risk.
  const createdHere = new Set(items.filter((i) => i.action === 'created' && !i.matched_by).map((i) => i.id))
  const byName = items.filter((i) => i.matched_by === 'name' && !createdHere.has(i.id)).length
  const groups = [
    { action: 'created', label: t('import.created_list'), rows: items.filter((i) => i.action === 'created') },
    { action: 'updated', label: t('import.updated_list'), rows: items.filter((i) => i.action === 'updated') },
  ].filter((g) => g.rows.length > 0)
  return (
    <div className="space-y-3" data-testid="import-items">
      {byName > 0 ? (
        <p className="flex items-start gap-2 rounded-md bg-honey-50 p-3 text-sm text-stone-800">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-honey-700" aria-hidden="true" />
          {t('import.name_matches', { count: byName })}
        </p>
      ) : null}
      {groups.map((g) => (
        <section key={g.action} aria-label={g.label}>
          <h3 className="text-sm font-semibold text-stone-700">
            {g.label} <span className="ltr-nums text-stone-500">({g.rows.length})</span>
          </h3>
          <ul className="mt-1 max-h-48 divide-y divide-stone-100 overflow-y-auto rounded-md border border-stone-200 text-sm">
            {g.rows.map((item, i) => (
              <li
                key={`${item.row}-${i}`}
                data-matched-by={item.matched_by ?? 'new'}
                className={`flex flex-wrap items-baseline gap-x-2 px-3 py-1.5 ${item.matched_by === 'name' && !createdHere.has(item.id) ? 'bg-honey-50' : ''}`}
              >
                <span className="text-stone-500">{t('import.row', { row: item.row })}</span>
                <span className="ltr-nums font-mono text-xs text-stone-500" dir="ltr">
                  {t('import.id', { id: item.id })}
                </span>
                <span dir="auto" className="min-w-0 break-words font-medium text-stone-900">
                  {item.name}
                </span>
                {item.size ? (
                  <span dir="auto" className="rounded bg-palm-50 px-1.5 py-0.5 text-xs text-palm-800">
                    {item.size}
                  </span>
                ) : null}
                {item.matched_by ? (
                  <span
                    className={`ms-auto rounded px-1.5 py-0.5 text-xs ${
                      item.matched_by === 'name'
                        ? 'bg-honey-200 text-honey-900'
                        : 'bg-stone-100 text-stone-600'
                    }`}
                  >
                    {t(`import.matched_by_${item.matched_by}`)}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
