import { cn } from '../../lib/cn.ts'
import { Spinner } from './spinner.tsx'

/** A clickable active/inactive pill (products and cities); disabled while its request runs (product.md §2.14). */
export function StatusPill({
  active,
  busy,
  label,
  actionLabel,
  onToggle,
}: {
  active: boolean
  busy?: boolean
  label: string
  actionLabel: string
  onToggle(): void
}) {
  return (
    <button
      type="button"
      onClick={onToggle}
      disabled={busy}
      aria-busy={busy || undefined}
      title={actionLabel}
      aria-label={`${label} — ${actionLabel}`}
      className={cn(
        'inline-flex min-w-20 items-center justify-center gap-1 rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-inset transition-colors disabled:cursor-wait disabled:opacity-60',
        active
          ? 'bg-green-100 text-green-800 ring-green-600/20 hover:bg-green-200'
          : 'bg-stone-100 text-stone-700 ring-stone-500/20 hover:bg-stone-200',
      )}
    >
      {busy ? (
        <Spinner className="[&_svg]:size-3" />
      ) : (
        <span
          className={cn('size-1.5 rounded-full', active ? 'bg-green-600' : 'bg-stone-400')}
          aria-hidden="true"
        />
      )}
      {label}
    </button>
  )
}
