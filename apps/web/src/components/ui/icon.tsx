import { createElement, type SVGProps } from 'react'
import type { IconNode } from 'lucide'

/**
 * A lucide icon drawn from lucide's own icon data (`import { Search } from 'lucide'`), for the storefront's first
 * screen (issue 7: lucide-react's icon runtime is ~2.5 KB gzip of the 120 KB first download). Same drawing as
 * lucide-react: 24×24, 2 px round strokes in currentColor; decorative (hidden from assistive technology) unless
 * given an aria-label. Screens loaded later keep using lucide-react.
 */
export function Icon({ icon, ...props }: { icon: IconNode } & Omit<SVGProps<SVGSVGElement>, 'children'>) {
  const labelled = props['aria-label'] !== undefined || props['aria-labelledby'] !== undefined
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={labelled ? undefined : true}
      focusable="false"
      {...props}
    >
      {icon.map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }))}
    </svg>
  )
}
