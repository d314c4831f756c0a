import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Outlet } from 'react-router'
import { Money } from '../../components/ui/money.tsx'
import { SiteFooter } from './site-footer.tsx'
import { TopNav } from './top-nav.tsx'
import { mockFetch, renderRoutes, setLanguage } from '../../test/render-with-providers.tsx'

// Decision 0122: the shop's name, description and money as the owner set them, wherever a shopper sees them.
const owners = {
  site_name: 'مزارع الواحة',
  site_name_en: 'Oasis Farms',
  site_description: 'تمور الواحة',
  site_description_en: 'Dates of the oasis',
  currency: 'LYD',
  currency_symbol: 'د.ل',
  whatsapp_number: '0912345678',
}

function renderShop() {
  mockFetch({})
  return renderRoutes(
    [
      {
        element: (
          <>
            <TopNav />
            <Outlet />
            <SiteFooter />
          </>
        ),
        children: [{ path: '/', element: <Money value={12.5} /> }],
      },
    ],
    '/',
    { settings: owners },
  )
}

afterEach(() => vi.unstubAllGlobals())

describe("the shop's identity from its settings", () => {
  it('names the shop in the header and footer and shows money as «د.ل» on Arabic pages', async () => {
    await setLanguage('ar')
    renderShop()
    expect(await screen.findByText('12.50 د.ل')).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'مزارع الواحة' })[0]).toHaveAttribute('href', '/')
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getAllByText(/مزارع الواحة/).length).toBeGreaterThanOrEqual(2)
    expect(document.body.textContent).not.toMatch(/النخيل الذهبية|Golden Palm/)
    expect(screen.getByText('12.50 د.ل')).toBeInTheDocument()
    // Decision 0121: a number stored the local way still links to a valid wa.me address.
    const wa = within(footer)
      .getAllByRole('link')
      .find((a) => a.getAttribute('href')?.includes('wa.me'))
    expect(wa).toHaveAttribute('href', 'https://wa.me/218912345678')
  })

  it('uses the English name and "LYD" on English pages', async () => {
    await setLanguage('en')
    renderShop()
    expect(await screen.findByText('12.50 LYD')).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'Oasis Farms' })[0]).toHaveAttribute('href', '/')
    expect(screen.getByText('12.50 LYD')).toBeInTheDocument()
    expect(document.body.textContent).not.toMatch(/Golden Palm|د\.ل/)
  })
})
