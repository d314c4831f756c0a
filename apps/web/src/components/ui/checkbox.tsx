import { forwardRef, useEffect, useRef, type InputHTMLAttributes } from 'react'
import { cn } from '../../lib/cn.ts'

/** A native checkbox (keyboard and screen readers for free) that can show the mixed state of a select-all. */
export const Checkbox = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { indeterminate?: boolean }
>(function Checkbox({ indeterminate = false, className, ...rest }, forwarded) {
  const inner = useRef<HTMLInputElement | null>(null)
  useEffect(() => {
    if (inner.current) inner.current.indeterminate = indeterminate
  }, [indeterminate])
  return (
    <input
      ref={(el) => {
        inner.current = el
        if (typeof forwarded === 'function') forwarded(el)
        else if (forwarded) forwarded.current = el
      }}
      type="checkbox"
      className={cn('size-4 cursor-pointer rounded border-sand-400 accent-palm-700', className)}
      {...rest}
    />
  )
})
