import { AlertCircle } from 'lucide-react'
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'
import { clsx } from 'clsx'
import { tKey } from '../../lib/i18n.ts'

export const controlClasses =
  'block rounded-[var(--radius-control)] border border-sand-300 bg-white px-3 py-2 text-sm text-stone-900 shadow-xs placeholder:text-stone-400 ' +
  'focus:border-palm-600 focus:outline-none focus:ring-2 focus:ring-palm-600/25 disabled:bg-sand-100 disabled:text-stone-500 ' +
  'aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-red-600/20'

/** Full width unless the caller sets a width (`w-40`, `w-auto`); plain clsx, see button.tsx. */
const control = (extra: string, className?: string) => clsx(controlClasses, !/(^|\s)w-/.test(className ?? '') && 'w-full', extra, className)

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...rest }, ref) {
  return <input ref={ref} className={control('h-10', className)} {...rest} />
})

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea({ className, ...rest }, ref) {
  return <textarea ref={ref} className={control('min-h-24', className)} {...rest} />
})

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select({ className, ...rest }, ref) {
  return <select ref={ref} className={control('h-10 pe-8', className)} {...rest} />
})

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

/** UI.md forms: label above the field, error under it in red with an icon. */
export function Field({ label, error, hint, required, className, children }: FieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-stone-700">
        {label}
        {required ? <span className="ms-0.5 text-red-700" aria-hidden="true">*</span> : null}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? <p id={hintId} className="mt-1 text-xs text-stone-500">{hint}</p> : null}
      <FieldError id={errorId} message={error} />
    </div>
  )
}
