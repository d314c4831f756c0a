import { useEffect, useState } from 'react'

/** Whole seconds left until `until` (epoch ms), redrawn every second; 0 once it has passed or without a time. */
export function useCountdown(until: number | null): number {
  const [, redraw] = useState(0)
  useEffect(() => {
    if (until === null) return
    const timer = setInterval(() => {
      redraw((n) => n + 1)
      if (Date.now() >= until) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [until])
  return until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000))
}
