import { act } from '@testing-library/react'
import { vi } from 'vitest'

/**
 * Replaces IntersectionObserver with one the test drives (jsdom has none): `comesNear(target?)` tells every
 * observer watching a matching element that it is near the screen. Undo with vi.unstubAllGlobals().
 */
export function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = []
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      targets: Element[] = []
      constructor(callback: IntersectionObserverCallback) {
        observers.push({ callback, targets: this.targets })
      }
      observe(target: Element) {
        this.targets.push(target)
      }
      disconnect() {
        this.targets.length = 0
      }
    },
  )
  return {
    /** How many observers watch something now. */
    watching: () => observers.filter((o) => o.targets.length > 0).length,
    comesNear(matches: (target: Element) => boolean = () => true) {
      act(() => {
        for (const o of observers.filter((o) => o.targets.some(matches)))
          o.callback(o.targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry), {} as IntersectionObserver)
      })
    },
  }
}
