import type { ReactNode } from 'react'
import { clsx } from 'clsx'

export type BadgeTone = 'green' | 'blue' | 'red' | 'amber' | 'gray' | 'honey' | 'palm' | 'palm-on-image'
const tones: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-800 ring-green-600/20',
  blue: 'bg-blue-100 text-blue-800 ring-blue-600/20',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  amber: 'bg-amber-100 text-amber-900 ring-amber-600/25',
  gray: 'bg-stone-100 text-stone-700 ring-stone-500/20',
  honey: 'bg-honey-100 text-honey-800 ring-honey-600/30',
  palm: 'bg-palm-50 text-palm-800 ring-palm-600/20',
  'palm-on-image': 'bg-white/95 text-palm-800 ring-palm-600/20 shadow-sm',
}

/** `className` adds layout classes (position, margin); colours come from `tone` (plain clsx, see button.tsx). */
export function Badge({
  tone = 'gray',
  className,
  children,
}: {
  tone?: BadgeTone
  className?: string
  children: ReactNode
}) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  )
}
