import type { MouseEvent } from 'react'

/** Smooth scroll to a landing section and move focus there, without a router navigation. */
export function scrollToSection(e: MouseEvent | null, id: string) {
  const target = document.getElementById(id)
  if (!target) return
  e?.preventDefault()
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' })
  target.focus({ preventScroll: true })
  history.replaceState(history.state, '', `#${id}`)
}
