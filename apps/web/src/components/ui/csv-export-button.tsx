import { FileDown } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { downloadFile } from '../../lib/api-client.ts'
import { toast } from '../../lib/toast.ts'
import { Button } from './button.tsx'

/**
 * Decision 0158: the products CSV, one row per size in the import's format (edit it and import it again). For the
 * products list's header, e.g. `csvImport={{ …, downloadExport: downloadProductsCsv }}`.
 */
export const downloadProductsCsv = () => downloadFile('/api/products/export/csv', 'products.csv')

/** A header button that downloads a CSV export, busy while it downloads, with a toast when it fails. */
export function CsvExportButton({ download }: { download(): Promise<void> }) {
  const { t } = useTranslation('dashboard')
  const [busy, setBusy] = useState(false)
  const onClick = async () => {
    setBusy(true)
    try {
      await download()
    } catch {
      toast.error(t('import.export_failed'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button
      variant="secondary"
      icon={<FileDown className="size-4" aria-hidden="true" />}
      busy={busy}
      onClick={() => void onClick()}
    >
      {t('import.export')}
    </Button>
  )
}
