import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeContent } from '../../../test/make-content.ts'
import { makeProduct } from '../../../test/make-product.ts'
import { mockFetch, renderScreen, setLanguage } from '../../../test/render-with-providers.tsx'
import { LandingPage } from './landing-page.tsx'

beforeEach(() => setLanguage('en'))
afterEach(() => vi.unstubAllGlobals())

describe('landing page (product.md §2.3)', () => {
  it('has the hero with its buttons to the sections, and every section, whole at once', async () => {
    mockFetch({})
    renderScreen(<LandingPage featured={[]} content={makeContent()} />)
    for (const id of ['about', 'products', 'quality', 'contact'])
      expect(document.getElementById(id)?.tagName, id).toBe('SECTION')
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '#contact')
    expect(screen.getByRole('heading', { name: 'Get in touch', level: 2 })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Featured products', level: 2 })).toBeInTheDocument()
  })

  it('shows the featured products it was given, each linked to its page and added to the cart from its card', async () => {
    mockFetch({})
    renderScreen(
      <LandingPage
        content={makeContent()}
        featured={[
          makeProduct(1, { name: 'Deglet Nour' }),
          makeProduct(2, { name: 'Sidr honey', slug: 'sidr-honey' }),
        ]}
      />,
    )
    const featured = document.getElementById('products')!
    expect(within(featured).getAllByRole('article')).toHaveLength(2)
    expect(within(featured).getByRole('link', { name: 'Sidr honey' })).toHaveAttribute(
      'href',
      '/products/sidr-honey',
    )
    await userEvent.click(within(featured).getByRole('button', { name: 'Add to cart: Deglet Nour' }))
    expect(await screen.findByText('Deglet Nour added to cart')).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('cart')!)).toMatchObject([{ id: 1, quantity: 1 }])
  })

  it('says so when no product is on offer', async () => {
    mockFetch({})
    renderScreen(<LandingPage featured={[]} content={makeContent()} />)
    expect(within(document.getElementById('products')!).getByText('No products found')).toBeInTheDocument()
  })
})

describe("the owner's content (decision 0125)", () => {
  it('shows the hero, about, figures, cards, practices and badges in the page language, Arabic where English is empty', async () => {
    mockFetch({})
    renderScreen(<LandingPage featured={[]} content={makeContent()} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Farm dates' })).toBeInTheDocument()
    expect(screen.getByText('From our palms')).toBeInTheDocument()
    expect(screen.getByText('Hand-picked dates')).toBeInTheDocument()
    const about = document.getElementById('about')!
    expect(within(about).getByRole('heading', { level: 2, name: 'A family farm' })).toBeInTheDocument()
    expect(within(about).getByText('نزرع منذ 2018')).toBeInTheDocument()
    expect(within(about).getByText('2018')).toBeInTheDocument()
    expect(within(about).getByRole('heading', { level: 3, name: 'Natural' })).toBeInTheDocument()
    const badges = within(document.getElementById('quality')!).getByRole('list', {
      name: 'Certificates and badges',
    })
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['ISO 22000Food safety', 'Quality award'])
  })

  it('draws none of the claims the owner removed: no ISO badge, no figures, no quality section at all', async () => {
    mockFetch({})
    const content = makeContent()
    const { unmount } = renderScreen(
      <LandingPage
        featured={[]}
        content={{
          ...content,
          about: { ...content.about, stats: [] },
          quality: { ...content.quality, badges: content.quality.badges.slice(1) },
        }}
      />,
    )
    expect(screen.queryByText('ISO 22000')).toBeNull()
    expect(screen.getByText('Quality award')).toBeInTheDocument()
    expect(screen.queryByText('2018')).toBeNull()
    unmount()
    const empty = { title: { ar: '', en: '' }, text: { ar: '', en: '' }, practices: [], badges: [] }
    renderScreen(<LandingPage featured={[]} content={{ ...content, quality: empty }} />)
    expect(document.getElementById('quality')).toBeNull()
  })

  it('shows the Arabic texts on Arabic pages, and the shop name where the hero has no title', async () => {
    await setLanguage('ar')
    mockFetch({})
    const content = makeContent()
    renderScreen(
      <LandingPage
        featured={[]}
        content={{ ...content, hero: { ...content.hero, title: { ar: '', en: '' } } }}
      />,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'مزارع النخيل الذهبية' })).toBeInTheDocument()
    expect(screen.getByText('تمور مختارة')).toBeInTheDocument()
    expect(document.getElementById('contact')!.textContent).toContain('طرابلس، ليبيا')
  })

  it("draws the owner's hero picture once uploaded, the drawn farm before", () => {
    mockFetch({})
    const content = makeContent()
    const heroPicture = () =>
      document.querySelector('section[aria-labelledby="hero-title"] img')!.getAttribute('src')
    const { unmount } = renderScreen(<LandingPage featured={[]} content={content} />)
    expect(heroPicture()).toBe('/hero.svg')
    unmount()
    renderScreen(
      <LandingPage
        featured={[]}
        content={{ ...content, hero: { ...content.hero, image_id: 'abcdef0123456789' } }}
      />,
    )
    expect(heroPicture()).toBe('/api/images/abcdef0123456789/large.webp')
  })

  it('keeps an uploaded hero photo visible: a light veil, the words on a dark panel of their own (decision 0232)', () => {
    mockFetch({})
    const content = makeContent()
    const veil = () =>
      document.querySelector('section[aria-labelledby="hero-title"] > div[class~="-z-10"]')!.className
    const panel = () => screen.getByRole('heading', { level: 1 }).parentElement!.className
    const { unmount } = renderScreen(<LandingPage featured={[]} content={content} />)
    // The drawn farm keeps its gradient; the words stand on it directly.
    expect(veil()).toContain('from-palm-900/85')
    expect(panel()).not.toContain('bg-palm-900')
    unmount()
    renderScreen(
      <LandingPage
        featured={[]}
        content={{ ...content, hero: { ...content.hero, image_id: 'abcdef0123456789' } }}
      />,
    )
    expect(veil()).toBe('absolute inset-0 -z-10 bg-palm-900/20')
    // palm-900 at 70 % over the veiled photo: white text ≥ 6.6:1 even where the photo is white.
    expect(panel()).toContain('bg-palm-900/70')
  })
})
