import type { ReactNode } from 'react'

export function StatCard({
  label,
  value,
  icon,
  tone = 'palm',
  hint,
}: {
  label: string
  /** Decision 0229: what the figure counts, in words, under it. */
  hint?: string
  value: ReactNode
  icon: ReactNode
  tone?: 'palm' | 'date' | 'honey' | 'blue'
}) {
  const tones = {
    palm: 'bg-palm-50 text-palm-700',
    date: 'bg-date-50 text-date-700',
    honey: 'bg-honey-100 text-honey-800',
    blue: 'bg-blue-50 text-blue-700',
  }
  return (
    <div className="flex items-center gap-3 rounded-[var(--radius-card)] border border-sand-300 bg-white p-4 shadow-[var(--shadow-soft)]">
      <div
        className={`flex size-11 shrink-0 items-center justify-center rounded-xl ${tones[tone]} [&_svg]:size-6`}
        aria-hidden="true"
      >
        {icon}
      </div>
      <div className="min-w-0">
        <p className="text-sm text-stone-600">{label}</p>
        <p className="mt-0.5 text-xl font-bold break-words text-stone-900 tabular-nums">{value}</p>
        {/* A span, so the value stays the label's one following paragraph (e2e/src/support/ui.ts statValue). */}
        {hint ? <span className="mt-1 block text-xs leading-snug text-stone-500">{hint}</span> : null}
      </div>
    </div>
  )
}
