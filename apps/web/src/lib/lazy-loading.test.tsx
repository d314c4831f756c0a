import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import i18n, { tKey } from './i18n.ts'

// Issue 7: English texts, shared validation texts and sonner are not in the first download; these tests check
// that they still arrive before anyone can see a key or miss a toast.

describe('lazy locales', () => {
  it('loads the English texts before switching, so no key is ever on screen', async () => {
    await i18n.changeLanguage('ar')
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false)
    await i18n.changeLanguage('en')
    expect(i18n.t('nav.products')).toBe('Products')
    expect(i18n.t('product.added_toast', { ns: 'storefront', name: 'X' })).not.toContain(
      'product.added_toast',
    )
    // the shared validation texts follow the language switch too
    expect(tKey('validation.required')).toBe('This field is required')
    expect(document.documentElement.dir).toBe('ltr')
    await i18n.changeLanguage('ar')
    expect(i18n.t('nav.products')).toBe('المنتجات')
    expect(document.documentElement.dir).toBe('rtl')
  })
})

describe('later storefront texts', () => {
  it('has the texts of lazy screens in both languages once they are loaded, without changing the first-screen ones', async () => {
    await i18n.changeLanguage('ar')
    // test/setup.ts loads them like a lazy screen does (app/lazy-screen.ts)
    expect(i18n.t('cart.title', { ns: 'storefront' })).toBe('سلة التسوق')
    expect(i18n.t('pagination.nav_label')).not.toBe('pagination.nav_label')
    expect(i18n.t('landing.hero.shop_now', { ns: 'storefront' })).not.toBe('landing.hero.shop_now')
    await i18n.changeLanguage('en')
    expect(i18n.t('cart.title', { ns: 'storefront' })).toBe('Shopping cart')
    expect(i18n.t('landing.contact.title', { ns: 'storefront' })).toBe('Get in touch')
    expect(i18n.t('landing.hero.shop_now', { ns: 'storefront' })).not.toBe('landing.hero.shop_now')
    expect(i18n.t('order_status.pending')).not.toBe('order_status.pending')
    await i18n.changeLanguage('ar')
  })
})

describe('lazy toasts', () => {
  async function freshModules() {
    vi.resetModules()
    const { toast } = await import('./toast.ts')
    const { LazyToaster } = await import('../app/lazy-toaster.tsx')
    return { toast, LazyToaster }
  }

  it('shows a toast called before sonner has loaded', async () => {
    const { toast, LazyToaster } = await freshModules()
    const { container } = render(<LazyToaster dir="ltr" />)
    expect(container).toBeEmptyDOMElement()
    act(() => toast.error('Out of stock'))
    expect(await screen.findByText('Out of stock')).toBeInTheDocument()
  })

  it('loads sonner on the first interaction, before any toast', async () => {
    const { LazyToaster } = await freshModules()
    const { container } = render(<LazyToaster dir="rtl" />)
    expect(container).toBeEmptyDOMElement()
    fireEvent.pointerDown(window)
    expect(await screen.findByRole('region')).toBeInTheDocument()
  })
})
