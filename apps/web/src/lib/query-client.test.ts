import { MutationObserver, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import i18n from './i18n.ts'
import { createQueryClient } from './query-client.ts'

const settle = () => new Promise((r) => setTimeout(r, 0))

describe('query client: dashboard refresh after mutations (SPEC §4)', () => {
  it('marks every dashboard query stale after a successful mutation, not the storefront ones', async () => {
    const client = createQueryClient()
    client.setQueryData(['dashboard', 'categories', 'list', ''], [])
    client.setQueryData(['dashboard', 'overview', 'stats', { from: '', to: '' }], {})
    client.setQueryData(['catalog', 'featured'], [])
    const state = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated

    await new MutationObserver(client, { mutationFn: async () => 'ok' }).mutate()
    await settle()

    expect(state(['dashboard', 'categories', 'list', ''])).toBe(true)
    expect(state(['dashboard', 'overview', 'stats', { from: '', to: '' }])).toBe(true)
    expect(state(['catalog', 'featured'])).toBe(false)
  })

  it('leaves the dashboard alone when the mutation fails', async () => {
    const client = createQueryClient()
    client.setQueryData(['dashboard', 'categories', 'list', ''], [])
    await new MutationObserver(client, {
      mutationFn: () => Promise.reject(new Error('no')),
    })
      .mutate()
      .catch(() => {})
    await settle()
    expect(client.getQueryState(['dashboard', 'categories', 'list', ''])?.isInvalidated).toBe(false)
  })

  it('refetches mounted dashboard queries once, also those the mutation already refreshed itself', async () => {
    const client = createQueryClient()
    const own = vi.fn(async () => 'own')
    const other = vi.fn(async () => 'other')
    const unsubscribe = [
      new QueryObserver(client, { queryKey: ['dashboard', 'products', 'list'], queryFn: own }).subscribe(
        () => {},
      ),
      new QueryObserver(client, { queryKey: ['dashboard', 'overview', 'stats'], queryFn: other }).subscribe(
        () => {},
      ),
    ]
    await vi.waitFor(() => expect(client.getQueryData(['dashboard', 'overview', 'stats'])).toBe('other'))
    await vi.waitFor(() => expect(client.getQueryData(['dashboard', 'products', 'list'])).toBe('own'))
    expect(own).toHaveBeenCalledTimes(1)
    expect(other).toHaveBeenCalledTimes(1)

    await new MutationObserver(client, {
      mutationFn: async () => 'saved',
      // A screen refreshing its own list, as the dashboard dialogs do.
      onSuccess: () => client.invalidateQueries({ queryKey: ['dashboard', 'products', 'list'] }),
    }).mutate()
    await vi.waitFor(() => expect(other).toHaveBeenCalledTimes(2))
    await settle()
    expect(own).toHaveBeenCalledTimes(2)
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
