import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { shopIdentity } from '../../lib/shop-content.ts'
import { makeContent } from '../../test/make-content.ts'
import { mockFetch, renderScreen, setLanguage } from '../../test/render-with-providers.tsx'
import { SiteFooter } from './site-footer.tsx'
import { TopNav } from './top-nav.tsx'

afterEach(() => vi.unstubAllGlobals())

const settings = { contact_email: 'info@farm.ly', address: 'عنوان الإعدادات' }

describe("footer and header from the owner's content (decisions 0125, 0126)", () => {
  it('shows the English address, words and hours on English pages and the year of the clock', async () => {
    await setLanguage('en')
    mockFetch({})
    renderScreen(<SiteFooter />, '/', [], {
      settings,
      identity: shopIdentity(makeContent(), new Date('2031-03-01T10:00:00Z')),
    })
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByText('Tripoli, Libya')).toBeInTheDocument()
    expect(within(footer).queryByText('طرابلس، ليبيا')).toBeNull()
    expect(within(footer).getByText('A farm in Libya')).toBeInTheDocument()
    expect(within(footer).getByText('Saturday – Thursday')).toBeInTheDocument()
    expect(within(footer).getByText('8:00 – 20:00')).toBeInTheDocument()
    expect(footer.textContent).toContain('© 2031')
    expect(footer.textContent).not.toContain('2025')
  })

  it('shows the Arabic address on Arabic pages, the setting where the content has none, no hours when none', async () => {
    await setLanguage('ar')
    mockFetch({})
    const { unmount } = renderScreen(<SiteFooter />, '/', [], {
      settings,
      identity: shopIdentity(makeContent(), new Date()),
    })
    expect(within(screen.getByRole('contentinfo')).getByText('طرابلس، ليبيا')).toBeInTheDocument()
    unmount()
    renderScreen(<SiteFooter />, '/', [], {
      settings,
      identity: shopIdentity(makeContent({ address: { ar: '', en: '' }, hours: [] }), new Date()),
    })
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByText('عنوان الإعدادات')).toBeInTheDocument()
    expect(within(footer).queryByRole('heading', { name: 'ساعات العمل' })).toBeNull()
  })

  it.each([
    ['en', 'Closed', 'مغلق'],
    ['ar', 'مغلق', 'Closed'],
  ] as const)(
    '%s: says a closed day in the page language, also the «مغلق» typed before hours had a closed (decision 0232)',
    async (lang, closed, other) => {
      await setLanguage(lang)
      mockFetch({})
      const hours = [
        { days: { ar: 'السبت – الخميس', en: 'Saturday – Thursday' }, time: '8:00 – 20:00' },
        { days: { ar: 'الجمعة', en: 'Friday' }, time: 'مغلق' },
        { days: { ar: 'العيد', en: 'Eid' }, time: '' },
      ]
      renderScreen(<SiteFooter />, '/', [], { identity: shopIdentity(makeContent({ hours }), new Date()) })
      const footer = screen.getByRole('contentinfo')
      expect(within(footer).getAllByText(closed)).toHaveLength(2)
      expect(within(footer).queryByText(other)).toBeNull()
      expect(within(footer).getByText('8:00 – 20:00')).toBeInTheDocument()
    },
  )

  it("shows the owner's logo in the header and the footer, the shop's mark until one is uploaded", async () => {
    await setLanguage('en')
    mockFetch({})
    const logos = () =>
      [...document.querySelectorAll('header img, footer img')].map((img) => img.getAttribute('src'))
    const page = (
      <>
        <TopNav />
        <SiteFooter />
      </>
    )
    const { unmount } = renderScreen(page, '/', [], {
      identity: shopIdentity(makeContent(), new Date()),
    })
    expect(logos()).toEqual(['/logo.webp', '/logo.webp'])
    unmount()
    renderScreen(page, '/', [], {
      identity: shopIdentity(makeContent({ logo_image_id: 'abcdef0123456789' }), new Date()),
    })
    expect(logos()).toEqual([
      '/api/images/abcdef0123456789/small.webp',
      '/api/images/abcdef0123456789/small.webp',
    ])
  })
})
