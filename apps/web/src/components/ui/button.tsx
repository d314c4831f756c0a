import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react'
import { Link, type LinkProps } from 'react-router'
import { clsx } from 'clsx'
import { Spinner } from './spinner.tsx'

type Variant = 'primary' | 'secondary' | 'ghost' | 'ghost-danger' | 'danger' | 'accent' | 'outline'
type Size = 'sm' | 'md' | 'lg' | 'icon'

const variants: Record<Variant, string> = {
  primary: 'bg-palm-700 text-white hover:bg-palm-800 active:bg-palm-900 shadow-sm',
  accent: 'bg-date-700 text-white hover:bg-date-800 shadow-sm',
  secondary: 'bg-white text-stone-800 border border-sand-300 hover:bg-sand-100',
  outline: 'border border-palm-700 text-palm-700 hover:bg-palm-50',
  ghost: 'text-stone-700 hover:bg-sand-200',
  'ghost-danger': 'text-red-700 hover:bg-red-50',
  danger: 'bg-red-700 text-white hover:bg-red-800 shadow-sm',
}
const sizes: Record<Size, string> = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  lg: 'h-12 px-6 text-base gap-2',
  icon: 'size-9 justify-center',
}

/**
 * `className` adds layout classes (margin, width, responsive width); colours and sizes come from `variant` and
 * `size`. Plain clsx, no tailwind-merge: the storefront's first download stays small (performance.md, storefront
 * initial JS budget), so a class that competes with a variant's class would win or lose by stylesheet order; add a
 * variant instead.
 */
export function buttonClasses(variant: Variant = 'primary', size: Size = 'md', className?: string) {
  return clsx(
    'inline-flex items-center justify-center rounded-[var(--radius-control)] font-semibold transition-colors select-none',
    'disabled:pointer-events-none disabled:opacity-55 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-palm-600',
    variants[variant],
    sizes[size],
    className,
  )
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant
  size?: Size
  /** Shows a spinner, disables the button (docs/ui.md §3). */
  busy?: boolean
  icon?: ReactNode
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, busy, icon, className, children, disabled, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <Spinner className="[&_svg]:size-4" /> : icon}
      {children}
    </button>
  )
})

export function LinkButton({
  variant,
  size,
  className,
  ...rest
}: LinkProps & { variant?: Variant; size?: Size }) {
  return <Link className={buttonClasses(variant, size, className)} {...rest} />
}
