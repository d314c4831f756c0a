let firstScreenDone: Promise<void> | undefined

/**
 * Issue 7: resolves at the first idle moment after the page has loaded — the first screen is drawn, its pictures and
 * fonts are in. Parts kept out of the start (the pager, the footer, the contact form) load then, so a slow phone
 * starts quickly and the page is still whole a moment later, not only where the visitor has scrolled (a quick fling
 * or a full-page picture never meets an empty block).
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

