import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StorefrontContent } from '@shop/shared/schemas/content'
import { makeContent } from '../../../test/make-content.ts'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { ContentScreen } from './content-screen.tsx'

afterEach(() => vi.unstubAllGlobals())

const products = [
  { id: 7, name: 'Deglet Nour', is_active: true, stock: 5 },
  { id: 8, name: 'Sidr honey', is_active: true, stock: 0 },
]

function stubShop(
  content: StorefrontContent,
  put?: (body: StorefrontContent) => { status?: number; body: unknown },
) {
  return stubFetch((c) => {
    if (c.method === 'GET' && c.url === '/api/content') return { body: content }
    if (c.method === 'GET' && c.url.startsWith('/api/products')) return { body: { data: products } }
    if (c.method === 'PUT' && c.url === '/api/content')
      return put ? put(c.body as StorefrontContent) : { body: c.body }
    if (c.method === 'POST' && c.url === '/api/content/images')
      return { status: 201, body: { id: 'abcdef0123456789', url: '/api/images/abcdef0123456789/large.webp' } }
    return undefined
  })
}

describe('storefront content screen (decision 0125)', { timeout: 30_000 }, () => {
  it('removes the ISO badge, edits the hero text, features a product and saves the whole document', async () => {
    const calls = stubShop(makeContent())
    await renderDashboard(<ContentScreen />, 'en')
    const hero = await screen.findByRole('region', { name: 'Top of the home page' })
    const heroText = within(hero).getByRole('textbox', { name: /^Text under the headline in English/ })
    await userEvent.clear(heroText)
    await userEvent.type(heroText, 'Fresh from our farm')

    const badges = screen.getByRole('group', { name: 'Certificates and badges' })
    await userEvent.click(within(badges).getByRole('button', { name: 'Remove ISO 22000' }))
    expect(within(badges).queryByDisplayValue('ISO 22000')).toBeNull()

    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Add a product' }), '8')
    await userEvent.click(screen.getByRole('button', { name: 'Add' }))
    expect(screen.getByText('Not shown now (hidden or out of stock)')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Storefront content saved')).toBeInTheDocument()
    const sent = calls.find((c) => c.method === 'PUT')!.body as StorefrontContent
    expect(sent.hero.text).toEqual({ ar: 'تمور مختارة', en: 'Fresh from our farm' })
    expect(sent.quality.badges.map((b) => b.title.en)).toEqual(['Quality award'])
    expect(sent.featured_product_ids).toEqual([8])
    expect(sent.address).toEqual({ ar: 'طرابلس، ليبيا', en: 'Tripoli, Libya' })
  })

  it('uploads a logo and saves its id; moves a card', async () => {
    const content = makeContent()
    content.about.cards.push({
      icon: 'truck',
      title: { ar: 'توصيل', en: 'Delivery' },
      text: { ar: '', en: '' },
    })
    const calls = stubShop(content)
    await renderDashboard(<ContentScreen />, 'en')
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' })
    await userEvent.upload(await screen.findByLabelText('Logo file'), file)
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Logo now' })).toHaveAttribute(
        'src',
        '/api/images/abcdef0123456789/small.webp',
      ),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Move توصيل up' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Storefront content saved')
    const sent = calls.find((c) => c.method === 'PUT')!.body as StorefrontContent
    expect(sent.logo_image_id).toBe('abcdef0123456789')
    expect(sent.about.cards.map((c) => c.title.ar)).toEqual(['توصيل', 'طبيعي'])
  })

  it('says what is missing where it is typed, in Arabic, and sends nothing; shows the server refusal under its field', async () => {
    const calls = stubShop(makeContent(), () => ({
      status: 422,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'بعض الحقول غير صالحة',
        errors: { 'hero.title.en': ['هذا النص طويل جدًا'] },
      },
    }))
    await renderDashboard(<ContentScreen />, 'ar')
    const hero = await screen.findByRole('region', { name: 'أعلى الصفحة الرئيسية' })
    const title = within(hero).getByRole('textbox', { name: /^العنوان الرئيسي بالعربية/ })
    await userEvent.clear(title)
    await userEvent.click(screen.getByRole('button', { name: 'حفظ' }))
    expect(await screen.findAllByText('هذا الحقل مطلوب')).not.toHaveLength(0)
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)
    await userEvent.type(title, 'عنوان')
    await userEvent.click(screen.getByRole('button', { name: 'حفظ' }))
    expect(await screen.findByText('هذا النص طويل جدًا')).toBeInTheDocument()
    expect(screen.getAllByText('تعذّر الحفظ؛ راجع الحقول المعلَّمة').length).toBeGreaterThan(0)
  })
})
