import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Product, Variant } from '@shop/shared/schemas/product'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { ProductFormDialog } from './product-form-dialog.tsx'

// Decision 0154: the product form edits a product's sizes (packs), each with its own quantity prices.

const pack = (over: Partial<Variant>): Variant => ({
  id: 1,
  sku: null,
  label: '',
  label_ar: '',
  label_en: null,
  price: 10,
  tiers: [],
  retail_buying_price: null,
  wholesale_buying_price: null,
  stock: 5,
  is_active: true,
  is_always_in_stock: false,
  weight_grams: null,
  volume_ml: null,
  image_url: null,
  image_small_url: null,
  ...over,
})

const dates: Product = {
  id: 7,
  slug: 'tasfirt-dates',
  name: 'Tasfirt dates',
  description: 'Dates from Ghat',
  category_id: null,
  category: null,
  price: 18,
  retail_price: 18,
  wholesale_price: null,
  wholesale_threshold: null,
  retail_buying_price: null,
  wholesale_buying_price: null,
  stock: 40,
  is_active: true,
  is_always_in_stock: false,
  image_url: null,
  image_small_url: null,
  attributes: { weight: null, origin: null },
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  name_ar: 'تمر تاسفرت',
  name_en: 'Tasfirt dates',
  description_ar: 'تمر من غات',
  description_en: 'Dates from Ghat',
  weight_ar: null,
  weight_en: null,
  origin_ar: null,
  origin_en: null,
  variants: [
    pack({
      id: 11,
      label: '500 غ',
      label_ar: '500 غ',
      label_en: '500 g',
      sku: 'TAS-500',
      price: 18,
      stock: 40,
    }),
    pack({ id: 12, label: '1 كغ', label_ar: '1 كغ', label_en: '1 kg', sku: 'TAS-1K', price: 34, stock: 20 }),
    pack({
      id: 13,
      label: '5 كغ',
      label_ar: '5 كغ',
      label_en: '5 kg',
      sku: 'TAS-5K',
      price: 160,
      stock: 8,
      tiers: [
        { min_quantity: 5, price: 150 },
        { min_quantity: 20, price: 140 },
      ],
      weight_grams: 5000,
    }),
  ],
  price_from: 18,
}

const noCategories = (c: { url: string }) =>
  c.url.startsWith('/api/categories') ? { body: { data: [] } } : undefined

afterEach(() => vi.unstubAllGlobals())

/** Types a value at once (paste): the sizes form has many fields, and key-by-key typing is slow under load. */
async function fill(field: HTMLElement, value: string) {
  await userEvent.clear(field)
  await userEvent.click(field)
  await userEvent.paste(value)
}

async function fillTexts() {
  await fill(screen.getByLabelText(/^Name in Arabic/), 'عسل سدر')
  await fill(screen.getByLabelText(/^Description in Arabic/), 'عسل سدر جبلي')
}

describe('product form sizes', { timeout: 60_000 }, () => {
  it('adds a second size with two quantity prices and sends both sizes, the first as the spec fields', async () => {
    const calls = stubFetch((c) => {
      if (c.method === 'POST' && c.url === '/api/products') return { status: 201, body: dates }
      return noCategories(c)
    })
    await renderDashboard(<ProductFormDialog open product={null} onClose={() => {}} />, 'en')
    await fillTexts()
    await fill(screen.getByLabelText(/^Retail price/), '45')
    await fill(screen.getByLabelText(/^Stock/), '0')
    await userEvent.click(screen.getByRole('button', { name: 'Add another size' }))

    // Two sizes: each is a card named by its number, with its own name fields.
    const first = screen.getByRole('group', { name: 'Size 1' })
    const second = screen.getByRole('group', { name: 'Size 2' })
    await fill(within(first).getByLabelText(/^Size name in Arabic/), 'جرة 500 غ')
    await fill(within(first).getByLabelText(/^Size name in English/), '500 g jar')
    await fill(within(second).getByLabelText(/^Size name in Arabic/), 'جرة 1 كغ')
    await fill(within(second).getByLabelText(/^Size name in English/), '1 kg jar')
    expect(screen.getByRole('group', { name: 'Size 2 · 1 kg jar' })).toBe(second)
    await fill(within(second).getByLabelText(/^Retail price/), '85')
    await fill(within(second).getByLabelText(/^SKU/), 'HON-1K')
    await fill(within(second).getByLabelText(/^Net weight/), '1000')
    await userEvent.click(within(second).getByRole('button', { name: 'Add a quantity price' }))
    await userEvent.click(within(second).getByRole('button', { name: 'Add a quantity price' }))
    const breakOne = within(second).getByRole('group', { name: 'Quantity price 1' })
    const breakTwo = within(second).getByRole('group', { name: 'Quantity price 2' })
    await fill(within(breakOne).getByLabelText(/^From quantity/), '5')
    await fill(within(breakOne).getByLabelText(/^Unit price/), '80')
    await fill(within(breakTwo).getByLabelText(/^From quantity/), '20')
    await fill(within(breakTwo).getByLabelText(/^Unit price/), '76.5')
    await fill(within(second).getByLabelText(/^Stock/), '12')
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }))

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    const sent = calls.find((c) => c.method === 'POST')!.body as FormData
    const variants = JSON.parse(sent.get('variants') as string) as Record<string, unknown>[]
    expect(variants).toHaveLength(2)
    expect(variants[0]).toMatchObject({ label_ar: 'جرة 500 غ', label_en: '500 g jar', price: 45, stock: 0 })
    expect(variants[1]).toEqual({
      label_ar: 'جرة 1 كغ',
      label_en: '1 kg jar',
      sku: 'HON-1K',
      price: 85,
      tiers: [
        { min_quantity: 5, price: 80 },
        { min_quantity: 20, price: 76.5 },
      ],
      retail_buying_price: null,
      wholesale_buying_price: null,
      stock: 12,
      is_active: true,
      is_always_in_stock: false,
      weight_grams: 1000,
      volume_ml: null,
    })
    // The spec's fields are the default pack's: the first active size.
    expect(sent.get('price')).toBe('45')
    expect(sent.get('stock')).toBe('0')
    expect(sent.get('wholesale_price')).toBe('')
  })

  it('shows quantity prices out of order at the break that is wrong, and sends nothing', async () => {
    const calls = stubFetch(noCategories)
    await renderDashboard(<ProductFormDialog open product={null} onClose={() => {}} />, 'en')
    await fillTexts()
    await fill(screen.getByLabelText(/^Retail price/), '40')
    await userEvent.click(screen.getByRole('button', { name: 'Add a quantity price' }))
    await userEvent.click(screen.getByRole('button', { name: 'Add a quantity price' }))
    const breakOne = screen.getByRole('group', { name: 'Quantity price 1' })
    const breakTwo = screen.getByRole('group', { name: 'Quantity price 2' })
    await fill(within(breakOne).getByLabelText(/^From quantity/), '10')
    await fill(within(breakOne).getByLabelText(/^Unit price/), '35')
    await fill(within(breakTwo).getByLabelText(/^From quantity/), '5')
    await fill(within(breakTwo).getByLabelText(/^Unit price/), '36')
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }))

    expect(
      await within(breakTwo).findByText('Each price break needs a larger quantity than the one before it'),
    ).toBeInTheDocument()
    expect(
      within(breakTwo).getByText('Each price break must be cheaper than the one before it'),
    ).toBeInTheDocument()
    expect(within(breakTwo).getByLabelText(/^From quantity/)).toHaveAttribute('aria-invalid', 'true')
    // The first break is right: no message there.
    expect(within(breakOne).queryByRole('alert')).not.toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it('asks for a name for each size once there are two, in Arabic', async () => {
    stubFetch(noCategories)
    await renderDashboard(<ProductFormDialog open product={null} onClose={() => {}} />, 'ar')
    await fill(screen.getByLabelText(/^الاسم بالعربية/), 'زيت زيتون')
    await fill(screen.getByLabelText(/^الوصف بالعربية/), 'زيت زيتون بكر')
    await fill(screen.getByLabelText(/^سعر التجزئة/), '30')
    await userEvent.click(screen.getByRole('button', { name: 'إضافة حجم آخر' }))
    const second = screen.getByRole('group', { name: 'الحجم 2' })
    await fill(within(second).getByLabelText(/^سعر التجزئة/), '140')
    await userEvent.click(screen.getByRole('button', { name: 'إضافة منتج' }))
    const first = screen.getByRole('group', { name: 'الحجم 1' })
    expect(await within(first).findByText('سمِّ هذا الحجم (مثلاً 1 كغ) ليختاره المتسوق')).toBeInTheDocument()
    expect(within(second).getByText('سمِّ هذا الحجم (مثلاً 1 كغ) ليختاره المتسوق')).toBeInTheDocument()
  })

  it('edits the stored sizes: moves one up, removes one, and keeps the stored ids', async () => {
    const calls = stubFetch((c) => {
      if (c.url === '/api/products/7') return { body: dates }
      return noCategories(c)
    })
    const onClose = vi.fn()
    await renderDashboard(<ProductFormDialog open product={dates} onClose={onClose} />, 'en')
    const big = await screen.findByRole('group', { name: 'Size 3 · 5 kg' })
    expect(within(big).getByLabelText(/^SKU/)).toHaveValue('TAS-5K')
    expect(
      within(big)
        .getAllByLabelText(/^Unit price/)
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['150', '140'])
    await userEvent.click(screen.getByRole('button', { name: 'Move 5 kg up' }))
    expect(screen.getByRole('group', { name: 'Size 2 · 5 kg' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Remove 500 g' }))
    expect(screen.getByRole('group', { name: 'Size 1 · 5 kg' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(onClose).toHaveBeenCalled())
    const put = calls.find((c) => c.method === 'PUT')!.body as { variants: { id: number }[]; price: number }
    expect(put.variants.map((v) => v.id)).toEqual([13, 12])
    expect(put.price).toBe(160)
  })

  it('shows a size error from the server under that size', async () => {
    stubFetch((c) => {
      if (c.url === '/api/products/7' && c.method === 'GET') return { body: dates }
      if (c.url === '/api/products/7')
        return {
          status: 422,
          body: {
            code: 'VALIDATION_FAILED',
            message: 'Check the fields',
            errors: { 'variants.1.sku': ['validation.sku_taken'] },
          },
        }
      return noCategories(c)
    })
    await renderDashboard(<ProductFormDialog open product={dates} onClose={() => {}} />, 'en')
    const second = await screen.findByRole('group', { name: 'Size 2 · 1 kg' })
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await within(second).findByText('Another product already has this SKU')).toBeInTheDocument()
    expect(within(second).getByLabelText(/^SKU/)).toHaveAttribute('aria-invalid', 'true')
  })

  it('sends each stored size’s stock with the figure it was read at; a count refused after a sale says the stock now under that size, and the next save is based on it', async () => {
    const puts: { variants: { id: number; stock: number; stock_based_on?: number }[] }[] = []
    stubFetch((c) => {
      if (c.url === '/api/products/7' && c.method === 'GET') return { body: dates }
      if (c.url === '/api/products/7' && c.method === 'PUT') {
        const body = c.body as (typeof puts)[number]
        puts.push(body)
        if (puts.length === 1)
          return {
            status: 409,
            body: {
              code: 'STOCK_CHANGED',
              message: 'The stock of Tasfirt dates – 1 kg changed to 17 while you were editing',
              product_id: 7,
              variant_id: 12,
              stock: 17,
            },
          }
        return { body: dates }
      }
      return noCategories(c)
    })
    const onClose = vi.fn()
    await renderDashboard(<ProductFormDialog open product={dates} onClose={onClose} />, 'en')
    const second = await screen.findByRole('group', { name: 'Size 2 · 1 kg' })
    await fill(within(second).getByLabelText(/^Stock/), '25')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(
      await within(second).findByText(
        'The stock of Tasfirt dates – 1 kg changed to 17 while you were editing',
      ),
    ).toBeInTheDocument()
    expect(onClose).not.toHaveBeenCalled()
    // Sizes whose stock was not touched say so (the figure read equals the one sent): the server keeps their stock.
    expect(puts[0]!.variants.map((v) => [v.id, v.stock, v.stock_based_on])).toEqual([
      [11, 40, 40],
      [12, 25, 20],
      [13, 8, 8],
    ])
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(puts[1]!.variants.find((v) => v.id === 12)).toMatchObject({ stock: 25, stock_based_on: 17 })
  })
})
