import { useId, type FormEvent, type ReactNode } from 'react'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../lib/api-client.ts'
import { Button } from './button.tsx'
import { Dialog, type DialogProps } from './dialog.tsx'

export interface FormDialogProps {
  open: boolean
  onClose(): void
  title: ReactNode
  description?: ReactNode
  size?: DialogProps['size']
  /** The form's submit handler, usually react-hook-form's `handleSubmit(...)`. */
  onSubmit(event: FormEvent<HTMLFormElement>): unknown
  /** The save is on its way: the submit button shows it, Cancel waits. */
  busy: boolean
  /** Defaults to "Save". */
  submitLabel?: ReactNode
  submitIcon?: ReactNode
  /** The form cannot be sent yet (its data is still loading). */
  submitDisabled?: boolean
  /** Shown instead of the form while what it edits loads. */
  loading?: ReactNode
  /** Shown under the form, outside it (the audit trail of what the form edits). */
  after?: ReactNode
  /** The form's layout; one column of fields by default. */
  className?: string
  children: ReactNode
}

/**
 * The dashboard's form dialog (categories, cities, offers, products, roles, invitations): the form inside the dialog,
 * Cancel and the busy submit button in its footer, tied to the form by id so Enter and the button both send it. As
 * ListScreen is the one list pattern, this is the one form-in-a-dialog pattern.
 */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  size,
  onSubmit,
  busy,
  submitLabel,
  submitIcon,
  submitDisabled,
  loading,
  after,
  className = 'space-y-4',
  children,
}: FormDialogProps) {
  const { t } = useTranslation('common')
  const formId = useId()
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={title}
      description={description}
      size={size}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" form={formId} busy={busy} disabled={submitDisabled} icon={submitIcon}>
            {submitLabel ?? t('actions.save')}
          </Button>
        </>
      }
    >
      {loading ?? (
        <form id={formId} noValidate onSubmit={(e) => void onSubmit(e)} className={className}>
          {children}
        </form>
      )}
      {after}
    </Dialog>
  )
}

/**
 * The server's field errors (product.md §8.1, already in the page's language) under the form's fields; `rename` maps
 * an API field to the form's (an offer's `name` is its Arabic name). Fields the form does not have are left to the
 * toast.
 */
export function showServerErrors<V extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<V>,
  fields: readonly Path<V>[],
  options: { rename?: Record<string, Path<V>>; focus?: boolean } = {},
): void {
  if (!(err instanceof ApiError) || !err.errors) return
  for (const [key, messages] of Object.entries(err.errors)) {
    const field = options.rename?.[key] ?? (key as Path<V>)
    if (fields.includes(field) && messages[0])
      setError(field, { message: messages[0] }, options.focus ? { shouldFocus: true } : undefined)
  }
}
