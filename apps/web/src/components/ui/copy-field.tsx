import { Copy } from 'lucide-react'
import { useId } from 'react'
import { toast } from '../../lib/toast.ts'
import { Button } from './button.tsx'
import { Input } from './field.tsx'

/**
 * A link to copy and send by hand (an invitation, a tracking link): read-only, selected on focus, and a Copy button.
 * Where the clipboard is refused (an http address, an old browser) the field is focused and selected instead.
 */
export function CopyField({
  label,
  value,
  copyLabel,
  copiedMessage,
}: {
  label: string
  value: string
  copyLabel: string
  copiedMessage: string
}) {
  const id = useId()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      toast.success(copiedMessage)
    } catch {
      const input = document.getElementById(id) as HTMLInputElement | null
      input?.focus()
      input?.select()
    }
  }
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        id={id}
        readOnly
        dir="ltr"
        value={value}
        onFocus={(e) => e.currentTarget.select()}
        className="min-w-0 flex-1 text-sm"
      />
      <Button
        variant="secondary"
        icon={<Copy className="size-4" aria-hidden="true" />}
        onClick={() => void copy()}
      >
        {copyLabel}
      </Button>
    </div>
  )
}
