import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Category } from '@shop/shared/schemas/category'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { CategoriesScreen } from './categories-screen.tsx'

const category = (id: number, name: string, products_count: number): Category => ({
  id,
  name,
  description: null,
  slug: `c-${id}`,
  is_active: true,
  products_count,
})

afterEach(() => vi.unstubAllGlobals())

describe('categories delete (product.md §2.17)', { timeout: 20_000 }, () => {
  it('asks first, naming the category, and deletes only when confirmed', async () => {
    const rows = [category(1, 'Dates', 0), category(2, 'Honey', 3)]
    const calls = stubFetch((c) => {
      if (c.method === 'GET' && c.url.startsWith('/api/categories')) return { body: { data: rows } }
      if (c.method === 'DELETE') return { status: 204 }
      return undefined
    })
    await renderDashboard(<CategoriesScreen />, 'en')
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Dates' }))
    let dialog = await screen.findByRole('dialog', { name: 'Delete category?' })
    expect(within(dialog).getByText('"Dates" will be deleted.')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0)

    await userEvent.click(screen.getByRole('button', { name: 'Delete Dates' }))
    dialog = await screen.findByRole('dialog', { name: 'Delete category?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/categories/1']),
    )
    expect(await screen.findByText('Dates was deleted')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('does not offer deleting a category with products: no confirmation, a hint instead', async () => {
    stubFetch((c) =>
      c.method === 'GET' && c.url.startsWith('/api/categories')
        ? { body: { data: [category(2, 'Honey', 3)] } }
        : undefined,
    )
    await renderDashboard(<CategoriesScreen />, 'en')
    const button = await screen.findByRole('button', { name: 'Cannot delete: this category has 3 products' })
    expect(button).toHaveAttribute('aria-disabled', 'true')
    await userEvent.click(button)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(
      await screen.findByText('Cannot delete: this category has 3 products', {
        selector: '[data-sonner-toast] *',
      }),
    ).toBeInTheDocument()
  })
})

describe('categories in Arabic and English (decision 0057)', { timeout: 20_000 }, () => {
  const bilingual = (over: Partial<Category>): Category => ({
    ...category(1, 'Dates', 2),
    name_ar: 'تمور',
    name_en: 'Dates',
    description_ar: null,
    description_en: null,
    ...over,
  })

  it('marks the rows whose English name or description is missing', async () => {
    const rows = [
      bilingual({ id: 1, name: 'Dates' }),
      bilingual({ id: 2, name: 'عسل', name_ar: 'عسل', name_en: null }),
      bilingual({
        id: 3,
        name: 'Olive Oil',
        name_en: 'Olive Oil',
        description: 'زيت بكر',
        description_ar: 'زيت بكر',
        description_en: null,
      }),
    ]
    stubFetch((c) =>
      c.method === 'GET' && c.url.startsWith('/api/categories') ? { body: { data: rows } } : undefined,
    )
    await renderDashboard(<CategoriesScreen />, 'en')
    const row = async (name: string) => (await screen.findByText(name, { selector: 'bdi' })).closest('tr')!
    expect(within(await row('Dates')).queryByText('No English')).toBeNull()
    expect(within(await row('عسل')).getByText('No English')).toBeInTheDocument()
    expect(within(await row('Olive Oil')).getByText('No English')).toBeInTheDocument()
  })

  it('edits both names side by side and sends both languages', async () => {
    const calls = stubFetch((c) => {
      if (c.method === 'GET' && c.url.startsWith('/api/categories'))
        return { body: { data: [bilingual({ name_en: null, name: 'تمور' })] } }
      if (c.method === 'PUT') return { body: bilingual({}) }
      return undefined
    })
    await renderDashboard(<CategoriesScreen />, 'en')
    await userEvent.click(await screen.findByRole('button', { name: 'Edit تمور' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText(/^Name in Arabic/)).toHaveValue('تمور')
    expect(within(dialog).getByLabelText(/^Name in English/)).toHaveValue('')
    await userEvent.type(within(dialog).getByLabelText(/^Name in English/), 'Dates')
    await userEvent.type(within(dialog).getByLabelText(/^Description in English/), 'Libyan dates')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      name_ar: 'تمور',
      name_en: 'Dates',
      description_ar: '',
      description_en: 'Libyan dates',
      is_active: true,
    })
  })
})
