import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockFetch, renderScreen, setLanguage } from '../../../test/render-with-providers.tsx'
import { stubIntersectionObserver } from '../../../test/intersection-observer.ts'
import { LandingPage } from './landing-page.tsx'

beforeEach(() => setLanguage('en'))
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('landing page (SPEC §2, issue 7: sections under the hero load lazily)', () => {
  it('has every section anchor at once, then the real sections replace their placeholders', async () => {
    mockFetch({
      'GET /api/settings/public': () => ({ body: {} }),
      'GET /api/products': () => ({ body: { data: [], current_page: 1, last_page: 1, per_page: 8, total: 0 } }),
    })
    renderScreen(<LandingPage />)
    // The hero's buttons scroll to these before the lazy chunk has arrived.
    for (const id of ['about', 'products', 'quality', 'contact']) expect(document.getElementById(id), id).not.toBeNull()
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '#contact')
    expect(await screen.findByRole('heading', { name: 'Get in touch', level: 2 })).toBeInTheDocument()
    expect(document.getElementById('contact')?.tagName).toBe('SECTION')
    expect(document.querySelectorAll('#about')).toHaveLength(1)
  })
})

describe('landing page sections under the hero (issue 7)', () => {
  it('renders the section near the screen first and the others once the browser is idle, before any scrolling', async () => {
    const viewport = stubIntersectionObserver()
    const idleCallbacks: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idleCallbacks.push(cb))
    vi.stubGlobal('cancelIdleCallback', () => {})
    mockFetch({
      'GET /api/settings/public': () => ({ body: {} }),
      'GET /api/products': () => ({ body: { data: [], current_page: 1, last_page: 1, per_page: 8, total: 0 } }),
    })
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] })
    renderScreen(<LandingPage />)
    expect(idleCallbacks).toHaveLength(0)
    viewport.comesNear((target) => target.id === 'about')
    expect(await screen.findByRole('heading', { name: 'A family farm that cares about every date', level: 2 })).toBeInTheDocument()
    expect(document.getElementById('about')?.tagName).toBe('SECTION')
    for (const id of ['products', 'quality', 'contact']) expect(document.getElementById(id)?.tagName, id).toBe('DIV')
    // The first screen's work comes first: nothing more for a few seconds, then one more section each time the
    // browser is idle (short tasks on a slow phone).
    act(() => vi.advanceTimersByTime(2500))
    expect(idleCallbacks).toHaveLength(0)
    act(() => vi.advanceTimersByTime(600))
    for (const [i, id] of ['products', 'quality', 'contact'].entries()) {
      await waitFor(() => expect(idleCallbacks.length).toBeGreaterThan(0))
      act(() => idleCallbacks.splice(0).forEach((cb) => cb()))
      await waitFor(() => expect(document.getElementById(id)?.tagName, id).toBe('SECTION'))
      for (const later of ['products', 'quality', 'contact'].slice(i + 1)) expect(document.getElementById(later)?.tagName, later).toBe('DIV')
    }
    expect(await screen.findByRole('heading', { name: 'Get in touch', level: 2 })).toBeInTheDocument()
    for (const id of ['about', 'products', 'quality', 'contact']) expect(document.getElementById(id)?.tagName, id).toBe('SECTION')
  })
})
