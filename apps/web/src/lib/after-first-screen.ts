let firstScreenDone: Promise<void> | undefined

/**
 * Issue 7: resolves at the first idle moment after the page has loaded — the first screen is drawn, its pictures and
 * fonts are in. Work kept out of the start (laying out cards off the screen, the pager, the footer, the contact form)
 * happens then, so a slow phone starts quickly and the page is still whole a moment later, not only where the
 * visitor has scrolled (a quick fling or a full-page picture never meets an empty block).
 */
export function afterFirstScreen(): Promise<void> {
  firstScreenDone ??= new Promise<void>((resolve) => {
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 })
      else setTimeout(resolve, 200)
    }
    if (typeof document === 'undefined' || document.readyState === 'complete') whenIdle()
    else window.addEventListener('load', whenIdle, { once: true })
  })
  return firstScreenDone
}

let turns: Promise<void> = Promise.resolve()

/**
 * One turn each, in the order asked, once the first screen is done: every caller's promise resolves in its own idle
 * moment, so work split into small pieces (one product card laid out, say) never adds up to one long task.
 */
export function inTurnAfterFirstScreen(): Promise<void> {
  turns = turns
    .then(afterFirstScreen)
    .then(
      () =>
        new Promise<void>((resolve) => {
          if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 500 })
          else setTimeout(resolve, 16)
        }),
    )
  return turns
}
