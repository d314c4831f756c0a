import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Category } from '@shop/shared/schemas/category'
import { renderDashboard, stubFetch } from '../../dashboard-shell/test-render.tsx'
import { CategoriesScreen } from './categories-screen.tsx'

const category = (id: number, name: string, products_count: number): Category =>
  ({ id, name, description: null, slug: `c-${id}`, is_active: true, products_count })

afterEach(() => vi.unstubAllGlobals())

describe('categories delete (SPEC §2)', { timeout: 20_000 }, () => {
  it('asks with a browser confirmation and deletes only when confirmed', async () => {
    const rows = [category(1, 'Dates', 0), category(2, 'Honey', 3)]
    const calls = stubFetch((c) => {
      if (c.method === 'GET' && c.url.startsWith('/api/categories')) return { body: { data: rows } }
      if (c.method === 'DELETE') return { status: 204 }
      return undefined
    })
    const confirm = vi.fn(() => false)
    vi.stubGlobal('confirm', confirm)
    await renderDashboard(<CategoriesScreen />, 'en')
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Dates' }))
    expect(confirm).toHaveBeenCalledWith('"Dates" will be deleted.')
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0)

    confirm.mockReturnValue(true)
    await userEvent.click(screen.getByRole('button', { name: 'Delete Dates' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/categories/1']))
    expect(await screen.findByText('Dates was deleted')).toBeInTheDocument()
  })

  it('does not offer deleting a category with products: no confirmation, a hint instead', async () => {
    stubFetch((c) => (c.method === 'GET' && c.url.startsWith('/api/categories') ? { body: { data: [category(2, 'Honey', 3)] } } : undefined))
    const confirm = vi.fn(() => true)
    vi.stubGlobal('confirm', confirm)
    await renderDashboard(<CategoriesScreen />, 'en')
    const button = await screen.findByRole('button', { name: 'Cannot delete: this category has 3 products' })
    expect(button).toHaveAttribute('aria-disabled', 'true')
    await userEvent.click(button)
    expect(confirm).not.toHaveBeenCalled()
    expect(await screen.findByText('Cannot delete: this category has 3 products', { selector: '[data-sonner-toast] *' })).toBeInTheDocument()
  })
})
