import { startTransition, useEffect, useRef, useState } from 'react'
import { useDrawsServerPage } from './hydration.ts'

/**
 * True once the element comes within `margin` of the screen (issue 7: code below the fold loads when it is about to
 * be seen, not in the first download). Without IntersectionObserver (old browsers, jsdom) it is true at once.
 * `force` makes it true at once too (e.g. a /#section link must land on the real section).
 * On the server it is false, as in the browser's first render, so the page the server sends and the page the browser
 * hydrates are the same (decision 29).
 */
export function useNearViewport<T extends Element>(margin = '600px', force = false) {
  const ref = useRef<T>(null)
  const serverPage = useDrawsServerPage()
  const [near, setNear] = useState(() => force || (!serverPage && typeof IntersectionObserver === 'undefined'))
  useEffect(() => {
    if (force && !near) setNear(true)
  }, [force, near])
  useEffect(() => {
    if (near || !ref.current) return
    // A transition: what comes into view renders in slices, not as one long task on a slow phone.
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && startTransition(() => setNear(true)), {
      rootMargin: margin,
    })
    io.observe(ref.current)
    return () => io.disconnect()
  }, [near, margin])
  return [ref, near] as const
}
