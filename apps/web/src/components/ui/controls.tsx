import { forwardRef, type InputHTMLAttributes, type SelectHTMLAttributes } from 'react'
import { clsx } from 'clsx'

// The plain controls live apart from Field/FieldError/Textarea (field.tsx), so the product list's search box and
// selects do not bring the form-only parts of the kit into the first download (a shared module lands whole in the
// chunk of its first importer; performance.md, storefront initial JS budget).
export const controlClasses =
  'block rounded-[var(--radius-control)] border border-sand-300 bg-white px-3 py-2 text-sm text-stone-900 shadow-xs placeholder:text-stone-400 ' +
  'focus:border-palm-600 focus:outline-none focus:ring-2 focus:ring-palm-600/25 disabled:bg-sand-100 disabled:text-stone-500 ' +
  'aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-red-600/20'

/** Full width unless the caller sets a width (`w-40`, `w-auto`); plain clsx, see button.tsx. */
export const control = (extra: string, className?: string) =>
  clsx(controlClasses, !/(^|\s)w-/.test(className ?? '') && 'w-full', extra, className)

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...rest },
  ref,
) {
  return <input ref={ref} className={control('h-10', className)} {...rest} />
})

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className, ...rest },
  ref,
) {
  return <select ref={ref} className={control('h-10 pe-8', className)} {...rest} />
})
