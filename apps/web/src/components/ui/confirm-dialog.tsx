import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './button.tsx'
import { Dialog } from './dialog.tsx'

export interface ConfirmDialogProps {
  open: boolean
  onOpenChange(open: boolean): void
  title: ReactNode
  message: ReactNode
  confirmLabel?: ReactNode
  busy?: boolean
  tone?: 'danger' | 'primary'
  /** The confirm button waits for a choice inside the message (e.g. a different role). */
  confirmDisabled?: boolean
  onConfirm(): void
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  busy,
  tone = 'danger',
  confirmDisabled,
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation()
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button variant={tone} onClick={onConfirm} busy={busy} disabled={confirmDisabled}>
            {confirmLabel ?? t('actions.confirm')}
          </Button>
        </>
      }
    >
      <p className="text-stone-700">{message}</p>
    </Dialog>
  )
}
