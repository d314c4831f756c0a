import { ExternalLink, Printer } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Courier } from '@shop/shared/schemas/delivery'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { toast } from '../../../lib/toast.ts'
import { fetchDeliverySheet, todayString } from '../api/delivery-sheet-api.ts'
import { openHtmlTab, printHtml } from '../../../lib/print-html.ts'

/**
 * A courier's delivery sheet of a day (issue 42): the shipments that went out with it, addresses, amounts to collect,
 * a QR code each, signature lines. Printed from a hidden frame, or opened in a new tab (phones).
 */
export function DeliverySheetDialog({ courier, onClose }: { courier: Courier | null; onClose(): void }) {
  const { t } = useTranslation('dashboard')
  const [date, setDate] = useState(todayString)
  const [busy, setBusy] = useState<'print' | 'open' | null>(null)
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date)

  const run = async (how: 'print' | 'open') => {
    if (!courier || !valid) return
    // The tab opens while the tap still counts (pop-up blockers); it gets the sheet once it has arrived.
    const tab = how === 'open' ? openHtmlTab() : null
    setBusy(how)
    try {
      const html = await fetchDeliverySheet(courier.id, date)
      if (tab) tab.show(html)
      else printHtml(html)
    } catch (err) {
      tab?.fail()
      toast.error(t('delivery.sheet.failed', { message: (err as Error).message }))
    } finally {
      setBusy(null)
    }
  }

  return (
    <Dialog
      open={courier !== null}
      onOpenChange={(o) => !o && onClose()}
      title={t('delivery.sheet.title', { name: courier?.name ?? '' })}
      description={t('delivery.sheet.description')}
      size="sm"
      footer={
        <>
          <Button
            variant="secondary"
            icon={<ExternalLink className="size-4 rtl:-scale-x-100" aria-hidden="true" />}
            busy={busy === 'open'}
            disabled={busy !== null || !valid}
            onClick={() => void run('open')}
          >
            {t('delivery.sheet.open')}
          </Button>
          <Button
            icon={<Printer className="size-4" aria-hidden="true" />}
            busy={busy === 'print'}
            disabled={busy !== null || !valid}
            onClick={() => void run('print')}
          >
            {t('delivery.sheet.print')}
          </Button>
        </>
      }
    >
      <Field
        label={t('delivery.sheet.date')}
        hint={t('delivery.sheet.date_hint')}
        error={valid ? undefined : 'validation.date_invalid'}
      >
        {(p) => (
          <Input
            {...p}
            type="date"
            className="ltr-nums"
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
        )}
      </Field>
    </Dialog>
  )
}
