import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, Textarea } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useShopSettings } from '../../../lib/shop-settings.ts'

/**
 * Decision 0069: the shopper cancels a pending order with a reason (required, so the shop learns why). `onCancel`
 * throws the API's error; a field error is shown under the reason, anything else above the buttons.
 */
export function CancelOrderDialog({
  open,
  orderNumber,
  onOpenChange,
  onCancel,
}: {
  open: boolean
  orderNumber: string
  onOpenChange(open: boolean): void
  onCancel(reason: string): Promise<void>
}) {
  const { t } = useTranslation('storefront')
  // Issue 39: no promise of a mail when the shop sends none.
  const mailOff = useShopSettings().mail_enabled === false
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async () => {
    if (!reason.trim()) {
      setError('validation.cancel_reason_required')
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      await onCancel(reason.trim())
      setReason('')
      onOpenChange(false)
    } catch (err) {
      if (err instanceof ApiError && err.errors?.reason?.[0]) setError(err.errors.reason[0])
      else setProblem((err as Error).message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !busy && onOpenChange(o)}
      title={t('cancel.title')}
      description={<span className="ltr-nums">{orderNumber}</span>}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {t('cancel.keep')}
          </Button>
          <Button variant="danger" busy={busy} onClick={() => void submit()}>
            {busy ? t('cancel.cancelling') : t('cancel.confirm')}
          </Button>
        </>
      }
    >
      <p className="mb-4 text-sm text-stone-700">{mailOff ? t('cancel.text_no_mail') : t('cancel.text')}</p>
      <Field label={t('cancel.reason')} required error={error} hint={t('cancel.reason_hint')}>
        {(p) => (
          <Textarea
            {...p}
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value)
              setError(undefined)
            }}
          />
        )}
      </Field>
      {problem ? (
        <p role="alert" className="mt-3 rounded-[var(--radius-control)] bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
    </Dialog>
  )
}
