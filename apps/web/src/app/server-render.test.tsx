import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Product } from '@shop/shared/schemas/product'
import loaderSource from '../boot/ssr-loader.js?raw'
import type { RenderedPage } from '@shop/shared/server-render'
import { renderPage } from '../entry-server.tsx'
import { makeProduct } from '../features/catalog/testing/make-product.ts'
import { setApiTransport } from '../lib/api-client.ts'
import i18n from '../lib/i18n.ts'
import { stubIntersectionObserver } from '../test/intersection-observer.ts'
import { mountApp } from './mount.tsx'

// Decision 29: the storefront's catalogue pages are rendered by entry-server.tsx (what apps/api sends) and hydrated by
// mount.tsx (what the browser does). These tests run both halves in one document, as a visitor's browser would.

const products: Product[] = [
  makeProduct(1, { name: 'تمر مجدول فاخر', description: 'تمر من الجفرة', retail_price: 45.5, price: 45.5 }),
  makeProduct(2, { name: 'عسل سدر', description: 'عسل جبلي', retail_price: 120, price: 120, wholesale_price: null, wholesale_threshold: null }),
]

/** The shop's API as the server render reaches it (in-process): public lists only. */
function api(url: string): Response {
  const { pathname } = new URL(url, 'http://shop.test')
  const body =
    pathname === '/api/products'
      ? { data: products, total: 2, last_page: 1, current_page: 1, per_page: 12 }
      : pathname === '/api/categories'
        ? { data: [{ id: 1, name: 'تمور', slug: 'dates', description: null, is_active: true, products_count: 2 }] }
        : pathname === '/api/settings/public'
          ? { contact_email: 'info@example.ly' }
          : null
  return new Response(JSON.stringify(body ?? { code: 'NOT_FOUND', message: 'Not found' }), {
    status: body ? 200 : 404,
    headers: { 'content-type': 'application/json' },
  })
}

const serverFetch = vi.fn(async (url: string, _init?: RequestInit) => api(url))

/** A page the server renders (not a redirect, not left to the browser). */
async function rendered(url: string, lang: 'ar' | 'en'): Promise<RenderedPage> {
  const page = await renderPage({ url, lang, fetch: serverFetch })
  if (!page || 'redirect' in page) throw new Error(`${url} was not rendered: ${JSON.stringify(page)}`)
  return page
}

/** The page as apps/api/src/plugins/server-render.ts assembles it, loaded into this document. */
function loadIntoDocument(page: RenderedPage, url: string) {
  window.history.replaceState(null, '', url)
  document.documentElement.lang = page.lang
  document.documentElement.dir = page.dir
  document.documentElement.setAttribute('data-ssr', '')
  document.body.innerHTML = `<div id="root">${page.root}</div>${page.data}`
  return document.getElementById('root')!
}

/** Runs src/boot/ssr-loader.js as index.html does (without loading the app's script: there is none in this document). */
function runLoader() {
  new Function(loaderSource.replaceAll('__PRELOADS__', '[]').replaceAll('__ENTRY__', '"/assets/app.js"'))()
}

async function hydrate(root: HTMLElement) {
  const errors = vi.fn()
  let how = ''
  await act(async () => {
    how = await mountApp(root, { onRecoverableError: errors })
  })
  // The hydrated page hands over what the visitor did before on the next turn (lib/hydration.ts).
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)))
  return { how, errors }
}

beforeEach(async () => {
  stubIntersectionObserver()
  serverFetch.mockClear()
  await i18n.changeLanguage('ar')
})

afterEach(() => {
  setApiTransport((url, init) => fetch(url, init))
  vi.unstubAllGlobals()
  document.documentElement.removeAttribute('data-ssr')
  document.documentElement.className = ''
  document.querySelectorAll('head script[type="module"], head link[rel="modulepreload"]').forEach((el) => el.remove())
  delete window.__earlyInput
})

describe('server rendering of the catalogue pages (decision 29)', () => {
  it('renders /products with its products, prices and the answers they came from, in Arabic by default', async () => {
    const page = await rendered('/products', 'ar')
    expect(page.lang).toBe('ar')
    expect(page.dir).toBe('rtl')
    expect(page.title).toBe('مزارع النخيل الذهبية | تمور وعسل وزيت زيتون من المزرعة إلى بيتك')
    expect(page.root).toContain('تمر مجدول فاخر')
    expect(page.root).toContain('45.50 د.ل')
    expect(page.root).toContain('منتجاتنا')
    // The whole page: the pager's line and the footer (with the shop's contact details) too.
    expect(page.root).toContain('عرض 1-2 من 2 نتيجة')
    expect(page.root).toMatch(/<footer[\s\S]*info@example\.ly/)
    // Only public answers (the list, the categories, the footer's contact details), asked for as the browser would, in
    // the page's language.
    const asked = serverFetch.mock.calls.map(([url]) => url.split('?')[0])
    expect(new Set(asked)).toEqual(new Set(['/api/products', '/api/categories', '/api/settings/public']))
    expect(serverFetch.mock.calls[0]![1]).toMatchObject({ method: 'GET', headers: { 'Accept-Language': 'ar' } })
    const state = JSON.parse(/<script type="application\/json" id="server-state">([\s\S]*)<\/script>/.exec(page.data)![1]!)
    expect(state.map((q: { key: unknown }) => q.key)).toContainEqual(['catalog', 'products', { search: '', categoryId: null, page: 1, perPage: 12 }])
  })

  it('renders in English for an English visitor, and the filters of the URL', async () => {
    const page = await rendered('/products?search=%D8%B9%D8%B3%D9%84&page=1', 'en')
    expect([page.lang, page.dir, page.title]).toEqual(['en', 'ltr', 'Golden Palm Farms | Dates, honey and olive oil from the farm to your home'])
    expect(page.root).toContain('Our products')
    expect(page.root).toContain('value="عسل"')
    expect(serverFetch.mock.calls.some(([url]) => url.includes('search=%D8%B9%D8%B3%D9%84'))).toBe(true)
  })

  it('sends a visitor asking for a page past the last one to the last page, keeping the other filters', async () => {
    expect(await renderPage({ url: '/products?search=x&page=5&size=24', lang: 'ar', fetch: serverFetch })).toEqual({ redirect: '/products?search=x&size=24' })
    const many = vi.fn(async (url: string) => {
      const res = api(url)
      if (!url.startsWith('/api/products')) return res
      const body = (await res.json()) as Record<string, unknown>
      return new Response(JSON.stringify({ ...body, total: 30, last_page: 3 }), { headers: { 'content-type': 'application/json' } })
    })
    expect(await renderPage({ url: '/products?page=9', lang: 'en', fetch: many })).toEqual({ redirect: '/products?page=3' })
    expect(await renderPage({ url: '/products?page=3', lang: 'en', fetch: many })).toMatchObject({ lang: 'en' })
  })

  it('leaves every other page to the browser', async () => {
    for (const url of ['/cart', '/checkout', '/login', '/dashboard', '/products/extra']) {
      expect(await renderPage({ url, lang: 'ar', fetch: serverFetch })).toBeNull()
    }
  })

  it('keeps staff-typed text inert: markup in a product name is shown as text and cannot end the data block', async () => {
    products.push(makeProduct(3, { name: '<img src=x onerror=alert(1)></script>' }))
    try {
      const page = await rendered('/products', 'ar')
      expect(page.root).not.toContain('<img src=x')
      expect(page.root).toContain('&lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;')
      expect(page.data.match(/<\/script>/g)).toHaveLength(1)
    } finally {
      products.pop()
    }
  })

  it('is hydrated in the browser without being drawn again, and then works like any page', async () => {
    const page = await rendered('/products', 'ar')
    const root = loadIntoDocument(page, '/products')
    const heading = root.querySelector('h1')
    const browserFetch = vi.fn(async (url: string) => api(url))
    vi.stubGlobal('fetch', browserFetch)

    const { how, errors } = await hydrate(root)
    expect(how).toBe('hydrated')
    expect(errors).not.toHaveBeenCalled()
    // The same element, adopted by React: nothing was redrawn, and no answer was asked for again.
    expect(root.querySelector('h1')).toBe(heading)
    expect(browserFetch).not.toHaveBeenCalled()

    await act(async () => screen.getAllByRole('button', { name: /أضف .*تمر مجدول فاخر/ })[0]!.click())
    await waitFor(() => expect(screen.getAllByTestId('cart-badge')[0]).toHaveTextContent('1'))
  })

  it('shows the saved cart once hydrated (the server cannot know it)', async () => {
    localStorage.setItem('cart', JSON.stringify([{ id: 2, name: 'عسل سدر', price: 120, quantity: 3, stock: 7, image: null }]))
    const page = await rendered('/products', 'ar')
    expect(page.root).not.toContain('data-testid="cart-badge"')
    const root = loadIntoDocument(page, '/products')
    const { errors } = await hydrate(root)
    expect(errors).not.toHaveBeenCalled()
    await waitFor(() => expect(screen.getAllByTestId('cart-badge')[0]).toHaveTextContent('3'))
  })

  it('does what the visitor did before the script arrived: a held click and typed search text reach React', async () => {
    const page = await rendered('/products', 'ar')
    const root = loadIntoDocument(page, '/products')
    runLoader()
    vi.stubGlobal('fetch', vi.fn(async (url: string) => api(url)))

    // Before hydration: the click is held by the loader (and the app's script requested), the text stays in the box.
    const add = screen.getAllByRole('button', { name: /أضف .*عسل سدر/ })[0]!
    add.click()
    expect(window.__earlyInput?.click).toBe(add)
    expect(document.querySelector('head script[type="module"]')?.getAttribute('src')).toBe('/assets/app.js')
    const search = screen.getByRole('searchbox')
    search.focus()
    ;(search as HTMLInputElement).value = 'عسل'
    search.dispatchEvent(new Event('input', { bubbles: true }))

    const { errors } = await hydrate(root)
    expect(errors).not.toHaveBeenCalled()
    await waitFor(() => expect(screen.getAllByTestId('cart-badge')[0]).toHaveTextContent('1'))
    // The typed text is React's now: after the search box's pause it is in the address.
    await waitFor(() => expect(new URL(window.location.href).searchParams.get('search')).toBe('عسل'), { timeout: 3000 })
  })

  it('renders the whole landing page with its contact form, and hydrates it in place', async () => {
    const page = await rendered('/', 'en')
    expect(page.root).toContain('id="hero-title"')
    // The hero's art is in the page itself (no SVG document of its own to build), with ids of its own.
    expect(page.head).not.toContain('/hero.svg')
    expect(page.root).toMatch(/<div id="hero-art" aria-hidden="true"[^>]*><svg width="100%" height="100%"[^>]*>[\s\S]*fill="url\(#hero-art-sky\)"/)
    // Every section under the hero, with its texts and the featured products, and the footer.
    for (const id of ['about-title', 'featured-title', 'quality-title', 'contact-title']) expect(page.root).toContain(`id="${id}"`)
    expect(page.root).toContain('عسل سدر')
    expect(page.root).toMatch(/<footer[\s\S]*info@example\.ly/)
    // The contact form too (a part of the sections' chunk with a chunk of its own), fields and button.
    expect(page.root).toMatch(/<form[^>]*aria-label="Contact form"[\s\S]*name="email"[\s\S]*Send message<\/button>/)
    await i18n.changeLanguage('en')
    const root = loadIntoDocument(page, '/')
    const serverForm = screen.getByRole('form', { name: 'Contact form' })
    const serverArt = document.getElementById('hero-art')!.firstElementChild
    vi.stubGlobal('fetch', vi.fn(async (url: string) => api(url)))
    const { how, errors } = await hydrate(root)
    expect([how, errors.mock.calls.length]).toEqual(['hydrated', 0])
    expect(document.documentElement.hasAttribute('data-hydrated')).toBe(true)
    // The hero's inline art stays what the server sent (not swapped for the file).
    expect(serverArt?.tagName.toLowerCase()).toBe('svg')
    expect(document.getElementById('hero-art')!.firstElementChild).toBe(serverArt)
    // React adopted the server's form (same element) and runs it: sending it empty shows what is missing.
    const form = screen.getByRole('form', { name: 'Contact form' })
    expect(form).toBe(serverForm)
    fireEvent.click(within(form).getByRole('button', { name: 'Send message' }))
    expect(await within(form).findAllByRole('alert')).not.toHaveLength(0)
  })

  it('draws the landing page\'s lower parts once loaded, without the app; text typed in its form reaches the app', async () => {
    const page = await rendered('/', 'ar')
    const root = loadIntoDocument(page, '/')
    const deferred = [...document.querySelectorAll('.defer-render')]
    expect(deferred.length).toBe(5) // four sections and the footer
    expect(deferred.filter((part) => part.hasAttribute('data-rendered'))).toHaveLength(0)
    runLoader() // into a loaded document: the parts are marked drawn at once, and the app is not fetched for it
    expect(deferred.filter((part) => part.hasAttribute('data-rendered'))).toHaveLength(5)
    expect(document.querySelector('head script[type="module"]')).toBeNull()

    const form = screen.getByRole('form', { name: 'نموذج التواصل' })
    const name = within(form).getByRole('textbox', { name: /الاسم/ }) as HTMLInputElement
    name.value = 'سالم'
    name.dispatchEvent(new Event('input', { bubbles: true }))
    vi.stubGlobal('fetch', vi.fn(async (url: string) => api(url)))
    const { how, errors } = await hydrate(root)
    expect([how, errors.mock.calls.length]).toEqual(['hydrated', 0])
    fireEvent.click(within(form).getByRole('button', { name: /إرسال/ }))
    // The name typed before the app arrived counts: only the email and message are missing.
    await waitFor(() => expect(within(form).getAllByRole('alert')).toHaveLength(2))
    expect(name).toHaveValue('سالم')
    expect(name).toHaveAttribute('aria-invalid', 'false')
  })

  it('is rendered afresh when the visitor saved another language than the page came in', async () => {
    const page = await rendered('/products', 'ar')
    const root = loadIntoDocument(page, '/products')
    document.documentElement.classList.add('ssr-stale') // index.html's first script, for a saved "en"
    await i18n.changeLanguage('en')
    vi.stubGlobal('fetch', vi.fn(async (url: string) => api(url)))
    const { how, errors } = await hydrate(root)
    expect([how, errors.mock.calls.length]).toEqual(['rendered', 0])
    expect(await screen.findByRole('heading', { level: 1, name: 'Our products' })).toBeInTheDocument()
    expect(document.documentElement.classList.contains('ssr-stale')).toBe(false)
  })
})
