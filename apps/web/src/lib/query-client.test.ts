import { MutationObserver, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import i18n from './i18n.ts'
import { createQueryClient } from './query-client.ts'

const settle = () => new Promise((r) => setTimeout(r, 0))

describe('query client: one refresh rule after writes (product.md §4.7)', () => {
  const stale = (client: ReturnType<typeof createQueryClient>, key: readonly unknown[]) =>
    client.getQueryState(key)?.isInvalidated

  it('marks stale exactly the queries the write names (by prefix), nothing else', async () => {
    const client = createQueryClient()
    client.setQueryData(['dashboard', 'products', 'list', { page: 1 }], {})
    client.setQueryData(['dashboard', 'products', 'detail', 3], {})
    client.setQueryData(['dashboard', 'overview', 'stats', { from: '', to: '' }], {})
    client.setQueryData(['dashboard', 'overview', 'revenue', { from: '', to: '' }], {})
    client.setQueryData(['dashboard', 'cities', 'list', { page: 1 }], {})
    client.setQueryData(['catalog', 'featured'], [])

    await new MutationObserver(client, {
      mutationFn: async () => 'ok',
      meta: {
        invalidates: [
          ['dashboard', 'products'],
          ['dashboard', 'overview', 'stats'],
        ],
      },
    }).mutate()

    expect(stale(client, ['dashboard', 'products', 'list', { page: 1 }])).toBe(true)
    expect(stale(client, ['dashboard', 'products', 'detail', 3])).toBe(true)
    expect(stale(client, ['dashboard', 'overview', 'stats', { from: '', to: '' }])).toBe(true)
    expect(stale(client, ['dashboard', 'overview', 'revenue', { from: '', to: '' }])).toBe(false)
    expect(stale(client, ['dashboard', 'cities', 'list', { page: 1 }])).toBe(false)
    expect(stale(client, ['catalog', 'featured'])).toBe(false)
  })

  it('refreshes nothing after a failed write, or after a write that names nothing', async () => {
    const client = createQueryClient()
    client.setQueryData(['dashboard', 'categories', 'list', {}], [])
    await new MutationObserver(client, {
      mutationFn: () => Promise.reject(new Error('no')),
      meta: { invalidates: [['dashboard', 'categories']] },
    })
      .mutate()
      .catch(() => {})
    await new MutationObserver(client, { mutationFn: async () => 'ok' }).mutate()
    await settle()
    expect(stale(client, ['dashboard', 'categories', 'list', {}])).toBe(false)
  })

  it('fetches the named queries on screen once, before the write reports success', async () => {
    const client = createQueryClient()
    let rows = 'before'
    const list = vi.fn(async () => rows)
    const other = vi.fn(async () => 'other')
    const unsubscribe = [
      new QueryObserver(client, { queryKey: ['dashboard', 'products', 'list'], queryFn: list }).subscribe(
        () => {},
      ),
      new QueryObserver(client, { queryKey: ['dashboard', 'users', 'list'], queryFn: other }).subscribe(
        () => {},
      ),
    ]
    await vi.waitFor(() => expect(client.getQueryData(['dashboard', 'products', 'list'])).toBe('before'))
    await vi.waitFor(() => expect(client.getQueryData(['dashboard', 'users', 'list'])).toBe('other'))

    let seenOnSuccess: unknown
    await new MutationObserver(client, {
      mutationFn: async () => {
        rows = 'after'
      },
      meta: { invalidates: [['dashboard', 'products']] },
      // A screen's own onSuccess (its toast) already sees the new rows.
      onSuccess: () => {
        seenOnSuccess = client.getQueryData(['dashboard', 'products', 'list'])
      },
    }).mutate()
    expect(seenOnSuccess).toBe('after')
    await settle()
    expect(list).toHaveBeenCalledTimes(2)
    expect(other).toHaveBeenCalledTimes(1)
    unsubscribe.forEach((u) => u())
  })
})

describe('query client: content follows the language (decision 0061)', () => {
  it('marks every query stale when the language changes, so the texts on screen are asked for again', async () => {
    const client = createQueryClient()
    client.setQueryData(['catalog', 'featured'], [])
    client.setQueryData(['my-orders', 1, 1], {})
    client.setQueryData(['dashboard', 'products', 'list'], {})
    const state = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated
    expect(state(['catalog', 'featured'])).toBe(false)
    const before = i18n.language
    await i18n.changeLanguage(before === 'en' ? 'ar' : 'en')
    try {
      expect(state(['catalog', 'featured'])).toBe(true)
      expect(state(['my-orders', 1, 1])).toBe(true)
      expect(state(['dashboard', 'products', 'list'])).toBe(true)
    } finally {
      await i18n.changeLanguage(before)
    }
  })
})
