let firstScreenDone: Promise<void> | undefined

/**
 * Issue 7: resolves at the first idle moment after the page has loaded — the first screen is drawn, its pictures and
 * fonts are in. Small parts kept out of the start (the landing page's contact form) load then instead of waiting for
 * a scroll, so the page is whole a moment later.
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

