import { clsx } from 'clsx'

/** A caller's `rounded-*` replaces the default corner (plain clsx, see button.tsx). */
export function Skeleton({ className }: { className?: string }) {
  const ownCorner = /(^|\s)rounded/.test(className ?? '')
  return (
    <div
      aria-hidden="true"
      className={clsx('animate-pulse bg-sand-200', !ownCorner && 'rounded-md', className)}
    />
  )
}
