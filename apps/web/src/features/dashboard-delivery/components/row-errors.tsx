import { XCircle } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { RowError } from '../api/settlements-api.ts'

/** A statement the API could not read (422): its message (nothing was settled) and each row's translated error. */
export function RowErrors({ message, rows }: { message: string; rows: RowError[] }) {
  const { t } = useTranslation('dashboard')
  return (
    <div role="alert" className="space-y-2" data-testid="statement-errors">
      <p className="flex items-start gap-2 text-sm font-semibold text-red-800">
        <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {message}
      </p>
      {rows.length > 0 ? (
        <ul className="max-h-60 space-y-1 overflow-y-auto rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {rows.map((r, i) => (
            <li key={`${r.row}-${r.field}-${i}`}>
              <span className="font-semibold">{t('delivery.result.row', { row: r.row })}</span>{' '}
              <code dir="ltr" className="text-xs">
                {r.field}
              </code>
              : {r.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
