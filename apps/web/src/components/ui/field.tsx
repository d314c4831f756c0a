import { AlertCircle } from 'lucide-react'
import { forwardRef, useId, type ReactNode, type TextareaHTMLAttributes } from 'react'
import { control } from './controls.tsx'
import { tKey } from '../../lib/i18n.ts'

export { controlClasses, Input, Select } from './controls.tsx'

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function Textarea({ className, ...rest }, ref) {
    return <textarea ref={ref} className={control('min-h-24', className)} {...rest} />
  },
)

export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="mt-1 flex items-center gap-1 text-sm text-red-700">
      <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
      <span>{tKey(message)}</span>
    </p>
  )
}

export interface FieldProps {
  label: ReactNode
  /** A message key (validation.*) or text. */
  error?: string
  hint?: ReactNode
  required?: boolean
  className?: string
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode
}

/** docs/ui.md §3 forms: label above the field, error under it in red with an icon. */
export function Field({ label, error, hint, required, className, children }: FieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-stone-700">
        {label}
        {required ? (
          <span className="ms-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  )
}
