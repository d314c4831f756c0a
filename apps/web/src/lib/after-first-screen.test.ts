import { afterEach, describe, expect, it, vi } from 'vitest'

async function freshModule() {
  vi.resetModules()
  return import('./after-first-screen.ts')
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  Reflect.deleteProperty(document, 'readyState')
})

describe('afterFirstScreen (issue 7)', () => {
  it('waits for the page to load, then for an idle moment, and answers every caller with the same moment', async () => {
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true })
    const idle: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb))
    const { afterFirstScreen } = await freshModule()
    let done = false
    void afterFirstScreen().then(() => (done = true))
    await Promise.resolve()
    expect(idle).toHaveLength(0)
    window.dispatchEvent(new Event('load'))
    expect(idle).toHaveLength(1)
    await Promise.resolve()
    expect(done).toBe(false)
    idle[0]!()
    await afterFirstScreen()
    expect(done).toBe(true)
    expect(idle).toHaveLength(1)
  })

  it('without requestIdleCallback (Safari), a page already loaded is done a moment later', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestIdleCallback', undefined)
    const { afterFirstScreen } = await freshModule()
    let done = false
    void afterFirstScreen().then(() => (done = true))
    await vi.advanceTimersByTimeAsync(100)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(150)
    expect(done).toBe(true)
  })
})
