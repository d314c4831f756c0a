import * as Tooltip from '@radix-ui/react-tooltip'
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'

const tones = {
  default: 'text-stone-600 hover:bg-sand-200 hover:text-stone-900',
  danger: 'text-red-700 hover:bg-red-50',
  primary: 'text-palm-700 hover:bg-palm-50',
}

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Used as aria-label and tooltip text (docs/ui.md §3). */
  label: string
  icon: ReactNode
  tone?: keyof typeof tones
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon, tone = 'default', className, type = 'button', ...rest },
  ref,
) {
  return (
    <Tooltip.Provider delayDuration={300}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <button
            ref={ref}
            type={type}
            aria-label={label}
            className={cn(
              'inline-flex size-9 items-center justify-center rounded-[var(--radius-control)] transition-colors disabled:cursor-not-allowed disabled:opacity-40 [&_svg]:size-4.5',
              tones[tone],
              className,
            )}
            {...rest}
          >
            {icon}
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={4}
            className="z-50 max-w-xs rounded-md bg-stone-900 px-2 py-1 text-xs text-white shadow"
          >
            {label}
            <Tooltip.Arrow className="fill-stone-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  )
})
