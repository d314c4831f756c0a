import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Product } from '@shop/shared/schemas/product'
import { renderDashboard, stubFetch, TEST_OWNER } from '../../../test/render-dashboard.tsx'
import { ProductFormDialog } from './product-form-dialog.tsx'

const row: Product = {
  id: 7,
  slug: 'ajwa-dates',
  name: 'Ajwa dates',
  description: 'Soft dates from Madinah',
  category_id: 2,
  category: { id: 2, name: 'Dates', slug: 'dates' },
  price: 40,
  retail_price: 40,
  wholesale_price: 35,
  wholesale_threshold: 10,
  retail_buying_price: 30,
  wholesale_buying_price: 28,
  stock: 12,
  is_active: true,
  is_always_in_stock: false,
  image_url: null,
  image_small_url: null,
  attributes: { weight: '1 kg', origin: 'Jufra' },
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  // Staff answers carry every language as stored (decision 0057); `name`… above are in the reader's language.
  name_ar: 'تمر عجوة',
  name_en: 'Ajwa dates',
  description_ar: 'تمر طري من المدينة',
  description_en: 'Soft dates from Madinah',
  weight_ar: '1 كغ',
  weight_en: '1 kg',
  origin_ar: 'الجفرة',
  origin_en: null,
  // Decision 0150: one pack, whose figures are the spec's fields above.
  variants: [
    {
      id: 70,
      sku: 'AJW-1',
      label: '',
      label_ar: '',
      label_en: null,
      price: 40,
      tiers: [{ min_quantity: 10, price: 35 }],
      retail_buying_price: 30,
      wholesale_buying_price: 28,
      stock: 12,
      is_active: true,
      is_always_in_stock: false,
      weight_grams: 1000,
      volume_ml: null,
      image_url: null,
      image_small_url: null,
    },
  ],
  price_from: 40,
}
const categories = {
  data: [{ id: 2, name: 'Dates', description: null, slug: 'dates', is_active: true, products_count: 1 }],
}

afterEach(() => vi.unstubAllGlobals())

describe('product form', { timeout: 20_000 }, () => {
  it('shows the required-field messages in English and focuses the first invalid field', async () => {
    const calls = stubFetch((c) => (c.url.startsWith('/api/categories') ? { body: categories } : undefined))
    await renderDashboard(<ProductFormDialog open product={null} onClose={() => {}} />, 'en')
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }))
    expect(await screen.findByText('Name is required')).toBeInTheDocument()
    expect(screen.getByText('Description is required')).toBeInTheDocument()
    expect(screen.getByText('Price is required')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Name in Arabic/)).toHaveFocus()
    // English is optional: no message under the English fields.
    expect(screen.getAllByText('Name is required')).toHaveLength(1)
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it('shows the required-field messages in Arabic', async () => {
    stubFetch((c) => (c.url.startsWith('/api/categories') ? { body: categories } : undefined))
    await renderDashboard(<ProductFormDialog open product={null} onClose={() => {}} />, 'ar')
    await userEvent.click(screen.getByRole('button', { name: 'إضافة منتج' }))
    expect(await screen.findByText('الاسم مطلوب')).toBeInTheDocument()
    expect(screen.getByText('الوصف مطلوب')).toBeInTheDocument()
    expect(screen.getByText('السعر مطلوب')).toBeInTheDocument()
  })

  it('refuses a first quantity price at or above retail, and a quantity below 2, at the break', async () => {
    const calls = stubFetch((c) => (c.url.startsWith('/api/categories') ? { body: categories } : undefined))
    await renderDashboard(<ProductFormDialog open product={null} onClose={() => {}} />, 'en')
    await userEvent.type(screen.getByLabelText(/^Name in Arabic/), 'عسل')
    await userEvent.type(screen.getByLabelText(/^Description in Arabic/), 'عسل سدر')
    await userEvent.type(screen.getByLabelText(/^Retail price/), '20')
    await userEvent.click(screen.getByRole('button', { name: 'Add a quantity price' }))
    const tier = screen.getByRole('group', { name: 'Quantity price 1' })
    await userEvent.type(within(tier).getByLabelText(/^From quantity/), '1')
    await userEvent.type(within(tier).getByLabelText(/^Unit price/), '25')
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }))
    expect(
      await within(tier).findByText('The wholesale price must be below the retail price'),
    ).toBeInTheDocument()
    expect(within(tier).getByText('The wholesale minimum quantity must be 2 or more')).toBeInTheDocument()
    expect(within(tier).getByLabelText(/^Unit price/)).toHaveAttribute('aria-invalid', 'true')
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it('refuses a file that is not an image', async () => {
    stubFetch((c) => (c.url.startsWith('/api/categories') ? { body: categories } : undefined))
    await renderDashboard(<ProductFormDialog open product={null} onClose={() => {}} />, 'en')
    const input = screen.getByLabelText('Image')
    await userEvent.upload(input, new File(['a,b'], 'list.csv', { type: 'text/csv' }), { applyAccept: false })
    expect(await screen.findByText(/The image must be a JPEG, PNG/)).toBeInTheDocument()
  })

  it('sends empty optional prices as null, then clears and stays open after adding', async () => {
    const calls = stubFetch((c) => {
      if (c.url.startsWith('/api/categories')) return { body: categories }
      if (c.method === 'POST' && c.url === '/api/products') return { status: 201, body: { ...row, id: 99 } }
      return undefined
    })
    const onClose = vi.fn()
    await renderDashboard(<ProductFormDialog open product={null} onClose={onClose} />, 'en')
    await userEvent.type(screen.getByLabelText(/^Name in Arabic/), 'عسل سدر')
    await userEvent.type(screen.getByLabelText(/^Description in Arabic/), 'عسل سدر جبلي')
    await userEvent.type(screen.getByLabelText(/^Retail price/), '20.5')
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    const sent = calls.find((c) => c.method === 'POST')!.body as FormData
    expect(sent.get('name_ar')).toBe('عسل سدر')
    // English left empty: optional, sent empty (no English yet).
    expect(sent.get('name_en')).toBe('')
    expect(sent.get('description_en')).toBe('')
    expect(sent.get('price')).toBe('20.5')
    // Multipart has no null: the empty string is what the shared schema reads as null.
    expect(sent.get('wholesale_price')).toBe('')
    expect(sent.get('wholesale_threshold')).toBe('')
    expect(sent.get('retail_buying_price')).toBe('')
    expect(sent.get('category_id')).toBe('')
    expect(sent.get('stock')).toBe('1')
    expect(sent.get('is_active')).toBe('true')
    expect(sent.get('sku')).toBe('')
    expect(sent.get('is_always_in_stock')).toBe('false')
    // Decision 0150: the same figures again as the product's one pack, one JSON field of the multipart form.
    expect(JSON.parse(sent.get('variants') as string)).toEqual([
      {
        label_ar: '',
        label_en: '',
        sku: null,
        price: 20.5,
        tiers: [],
        retail_buying_price: null,
        wholesale_buying_price: null,
        stock: 1,
        is_active: true,
        is_always_in_stock: false,
        weight_grams: null,
        volume_ml: null,
      },
    ])
    // One pack reads as plain price and stock fields: no size names to fill.
    expect(screen.queryByLabelText(/^Size name in Arabic/)).not.toBeInTheDocument()
    expect(await screen.findByText('Product added. You can add another one.')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByLabelText(/^Name in Arabic/)).toHaveValue(''))
    expect(screen.getByLabelText(/^Retail price/)).toHaveValue(null)
    expect(onClose).not.toHaveBeenCalled()
  })

  it('edits the full product, sends nulls as JSON and closes', async () => {
    const full = {
      ...row,
      wholesale_price: null,
      wholesale_threshold: null,
      description_en: 'Full description from the server',
      variants: [{ ...row.variants[0]!, tiers: [] }],
    }
    const calls = stubFetch((c) => {
      if (c.url.startsWith('/api/categories')) return { body: categories }
      if (c.method === 'GET' && c.url === '/api/products/7') return { body: full }
      if (c.method === 'PUT' && c.url === '/api/products/7') return { body: full }
      return undefined
    })
    const onClose = vi.fn()
    await renderDashboard(<ProductFormDialog open product={row} onClose={onClose} />, 'en')
    expect(await screen.findByDisplayValue('Full description from the server')).toBeInTheDocument()
    await userEvent.clear(screen.getByLabelText(/^Retail buying price/))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    const put = calls.find((c) => c.method === 'PUT')!
    expect(put.body).toMatchObject({
      name_ar: 'تمر عجوة',
      name_en: 'Ajwa dates',
      description_ar: 'تمر طري من المدينة',
      description_en: 'Full description from the server',
      weight_ar: '1 كغ',
      weight_en: '1 kg',
      origin_ar: 'الجفرة',
      origin_en: '',
      price: 40,
      wholesale_price: null,
      wholesale_threshold: null,
      retail_buying_price: null,
      category_id: 2,
      stock: 12,
      sku: 'AJW-1',
      variants: [
        {
          id: 70,
          label_ar: '',
          label_en: '',
          sku: 'AJW-1',
          price: 40,
          tiers: [],
          retail_buying_price: null,
          wholesale_buying_price: 28,
          stock: 12,
          is_active: true,
          is_always_in_stock: false,
          weight_grams: 1000,
          volume_ml: null,
        },
      ],
    })
  })

  it('neither shows nor sends buying prices for staff without costs.view (decision 0216)', async () => {
    // The API answers such a reader without buying prices.
    const { retail_buying_price: _r, wholesale_buying_price: _w, ...hidden } = row
    const { retail_buying_price: _pr, wholesale_buying_price: _pw, ...pack } = row.variants[0]!
    const answer = { ...hidden, variants: [pack] }
    const calls = stubFetch((c) => {
      if (c.url.startsWith('/api/categories')) return { body: categories }
      if (c.method === 'GET' && c.url === '/api/products/7') return { body: answer }
      if (c.method === 'PUT' && c.url === '/api/products/7') return { body: answer }
      return undefined
    })
    const onClose = vi.fn()
    await renderDashboard(<ProductFormDialog open product={answer as Product} onClose={onClose} />, 'en', {
      as: {
        ...TEST_OWNER,
        id: 8,
        role: 'admin',
        roles: [{ name: 'admin' }],
        permissions: ['products.manage', 'categories.manage', 'stock.manage', 'imports.manage'],
      },
    })
    await waitFor(() => expect(screen.getByLabelText(/^Retail price/)).toHaveValue(40))
    expect(screen.queryByLabelText(/buying price/i)).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    const put = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>
    expect(put).toMatchObject({ name_ar: 'تمر عجوة', price: 40 })
    // Absent, so the API keeps the stored ones (not null, which would wipe them).
    expect(put).not.toHaveProperty('retail_buying_price')
    expect(put).not.toHaveProperty('wholesale_buying_price')
    const [sentPack] = put.variants as Record<string, unknown>[]
    expect(sentPack).toMatchObject({ id: 70, price: 40 })
    expect(sentPack).not.toHaveProperty('retail_buying_price')
    expect(sentPack).not.toHaveProperty('wholesale_buying_price')
  })

  it('falls back to the row data when loading the product fails', async () => {
    stubFetch((c) => {
      if (c.url.startsWith('/api/categories')) return { body: categories }
      if (c.url === '/api/products/7') return { status: 500, body: { code: 'INTERNAL', message: 'boom' } }
      return undefined
    })
    await renderDashboard(<ProductFormDialog open product={row} onClose={() => {}} />, 'en')
    expect(await screen.findByDisplayValue('Soft dates from Madinah')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Name in Arabic/)).toHaveValue('تمر عجوة')
    expect(screen.getByLabelText(/^Name in English/)).toHaveValue('Ajwa dates')
    // The wholesale price and threshold are the pack's first quantity price.
    const tier = screen.getByRole('group', { name: 'Quantity price 1' })
    expect(within(tier).getByLabelText(/^From quantity/)).toHaveValue(10)
    expect(within(tier).getByLabelText(/^Unit price/)).toHaveValue(35)
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByRole('heading', { name: 'Edit product' })).toBeInTheDocument()
  })

  it('keeps what the admin typed when the product is read again with other data', async () => {
    let description = 'First read'
    const calls = stubFetch((c) => {
      if (c.url.startsWith('/api/categories')) return { body: categories }
      if (c.method === 'GET' && c.url === '/api/products/7')
        return { body: { ...row, description_ar: description } }
      return undefined
    })
    const { client } = await renderDashboard(
      <ProductFormDialog open product={row} onClose={() => {}} />,
      'en',
    )
    expect(await screen.findByDisplayValue('First read')).toBeInTheDocument()
    await userEvent.clear(screen.getByLabelText(/^Name in English/))
    await userEvent.type(screen.getByLabelText(/^Name in English/), 'Ajwa premium')
    description = 'Changed elsewhere'
    await act(() => client.refetchQueries())
    expect(calls.filter((c) => c.url === '/api/products/7')).toHaveLength(2)
    expect(screen.getByLabelText(/^Name in English/)).toHaveValue('Ajwa premium')
    expect(screen.getByLabelText(/^Description in Arabic/)).toHaveValue('First read')
  })

  it('has the Arabic and English fields side by side, each typed in its own language, English marked optional', async () => {
    stubFetch((c) => (c.url.startsWith('/api/categories') ? { body: categories } : undefined))
    await renderDashboard(<ProductFormDialog open product={null} onClose={() => {}} />, 'ar')
    const arabic = screen.getByLabelText(/^الاسم بالعربية/)
    const english = screen.getByLabelText(/^الاسم بالإنجليزية/)
    expect(arabic).toHaveAttribute('dir', 'rtl')
    expect(arabic).toHaveAttribute('lang', 'ar')
    expect(english).toHaveAttribute('dir', 'ltr')
    expect(english).toHaveAttribute('lang', 'en')
    expect(english.closest('div')).toHaveTextContent('(اختياري)')
    expect(arabic.closest('div')).not.toHaveTextContent('اختياري')
    for (const field of [/^الوصف بالإنجليزية/, /^الوزن بالإنجليزية/, /^المنشأ بالإنجليزية/])
      expect(screen.getByLabelText(field)).toBeInTheDocument()
  })

  it('sends both languages and shows a server error on the English name under the English field', async () => {
    const calls = stubFetch((c) => {
      if (c.url.startsWith('/api/categories')) return { body: categories }
      if (c.method === 'POST' && c.url === '/api/products')
        return {
          status: 422,
          body: {
            code: 'VALIDATION_FAILED',
            message: 'Check the fields',
            errors: { name_en: ['This text is too long'] },
          },
        }
      return undefined
    })
    await renderDashboard(<ProductFormDialog open product={null} onClose={() => {}} />, 'en')
    await userEvent.type(screen.getByLabelText(/^Name in Arabic/), 'تين مجفف')
    await userEvent.type(screen.getByLabelText(/^Name in English/), 'Dried Figs')
    await userEvent.type(screen.getByLabelText(/^Description in Arabic/), 'تين غريان')
    await userEvent.type(screen.getByLabelText(/^Description in English/), 'Figs from Gharyan')
    await userEvent.type(screen.getByLabelText(/^Weight in English/), '1 kg')
    await userEvent.type(screen.getByLabelText(/^Retail price/), '38')
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    const sent = calls.find((c) => c.method === 'POST')!.body as FormData
    expect(
      Object.fromEntries(
        ['name_ar', 'name_en', 'description_ar', 'description_en', 'weight_ar', 'weight_en'].map((k) => [
          k,
          sent.get(k),
        ]),
      ),
    ).toEqual({
      name_ar: 'تين مجفف',
      name_en: 'Dried Figs',
      description_ar: 'تين غريان',
      description_en: 'Figs from Gharyan',
      weight_ar: '',
      weight_en: '1 kg',
    })
    const english = screen.getByLabelText(/^Name in English/)
    await waitFor(() => expect(english).toHaveAttribute('aria-invalid', 'true'))
    expect(english.closest('div')).toHaveTextContent('This text is too long')
  })
})
