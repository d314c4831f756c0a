import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockFetch, renderScreen, setLanguage } from '../../layout/testing/render-with-providers.tsx'
import { LandingPage } from './landing-page.tsx'

beforeEach(() => setLanguage('en'))
afterEach(() => vi.unstubAllGlobals())

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
