import { Search } from 'lucide-react'
import type { InputHTMLAttributes } from 'react'
import { SEARCH_MAX_LENGTH } from '@shop/shared/constants'
import { cn } from '../../lib/cn.ts'
import { Input } from './field.tsx'

/** A search box with its icon on the start side; the label is for screen readers. */
export function SearchInput({
  label,
  className,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  return (
    <div className={cn('relative w-full sm:max-w-xs', className)}>
      <Search
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-stone-400"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={label}
        className="ps-9"
        maxLength={SEARCH_MAX_LENGTH}
        {...rest}
      />
    </div>
  )
}
