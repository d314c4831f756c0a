import { ArrowDown, ArrowUp, FlaskConical, Plus, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'

/** One part of the page (hero, about, quality, footer) as a titled card of fields. */
export function Panel({
  id,
  title,
  hint,
  children,
}: {
  id: string
  title: string
  hint?: string
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-[var(--radius-card)] border border-sand-300 bg-white p-4 shadow-[var(--shadow-soft)] sm:p-5"
    >
      <h2 id={id} className="text-lg font-bold text-stone-900">
        {title}
      </h2>
      {hint ? <p className="mt-1 text-sm text-stone-600">{hint}</p> : null}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  )
}

/** Up, down and remove for one row of a list (cards, badges, hours, featured products). */
export function RowActions({
  index,
  count,
  label,
  onMove,
  onRemove,
}: {
  index: number
  count: number
  label: string
  onMove: (from: number, to: number) => void
  onRemove: () => void
}) {
  const { t } = useTranslation('dashboard')
  return (
    <div className="flex shrink-0 gap-1">
      <Button
        variant="ghost"
        size="icon"
        disabled={index === 0}
        aria-label={t('content.move_up', { item: label })}
        onClick={() => onMove(index, index - 1)}
      >
        <ArrowUp className="size-4" aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        disabled={index === count - 1}
        aria-label={t('content.move_down', { item: label })}
        onClick={() => onMove(index, index + 1)}
      >
        <ArrowDown className="size-4" aria-hidden="true" />
      </Button>
      <Button
        variant="ghost-danger"
        size="icon"
        aria-label={t('content.remove', { item: label })}
        onClick={onRemove}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
    </div>
  )
}

/** Decision 0232: a row that is still the demo farm's, marked where the owner edits it. */
export function DemoMark() {
  const { t } = useTranslation('dashboard')
  return (
    <Badge tone="amber" className="mb-2 whitespace-nowrap">
      <FlaskConical className="size-3" aria-hidden="true" />
      {t('content.demo_mark')}
    </Badge>
  )
}

/** A list row's frame: its controls on top (icon, value, the demo mark, up/down/remove), its texts under them. */
export function RowFrame({ children }: { children: ReactNode }) {
  return (
    <li
      className="rounded-[var(--radius-control)] border border-sand-200 bg-sand-50 p-3"
      data-testid="content-row"
    >
      {children}
    </li>
  )
}

/** "Add a card", "Add a figure", "Add a row of hours": under its list, off once the list is full. */
export function AddRowButton({
  disabled,
  onClick,
  children,
}: {
  disabled: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      className="mt-3"
      disabled={disabled}
      icon={<Plus className="size-4" aria-hidden="true" />}
      onClick={onClick}
    >
      {children}
    </Button>
  )
}
