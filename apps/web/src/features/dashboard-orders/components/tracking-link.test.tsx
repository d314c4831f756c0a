import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Order } from '@shop/shared/schemas/order'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { makeOrder } from '../order-fixture.test-helper.ts'
import { OrderEditDialog } from './order-edit-dialog.tsx'

afterEach(() => vi.unstubAllGlobals())

const order: Order = {
  ...makeOrder({ id: 31, order_number: 'ORD-250101-00031', order_status: 'completed' }),
  history: [],
}
const NEW_LINK = 'https://shop.example.ly/track?order=ORD-250101-00031&token=new-token&lang=en'

describe('a new tracking link from the order dialog (decision 0105)', { timeout: 20_000 }, () => {
  for (const [lang, labels] of [
    ['en', { open: 'New tracking link', renew: 'Make the new link', copy: 'Copy link' }],
    ['ar', { open: 'رابط تتبع جديد', renew: 'أنشئ الرابط الجديد', copy: 'نسخ الرابط' }],
  ] as const) {
    it(`asks once more, renews, and shows the new link to copy (${lang})`, async () => {
      const calls = stubFetch((c) => {
        if (c.method === 'GET' && c.url === '/api/orders/31') return { body: order }
        if (c.method === 'POST' && c.url === '/api/orders/31/tracking-link')
          return { body: { tracking_url: NEW_LINK } }
        return undefined
      })
      await renderDashboard(<OrderEditDialog order={order} onClose={() => {}} />, lang)
      const dialog = await screen.findByRole('dialog')
      await userEvent.click(await within(dialog).findByRole('button', { name: labels.open }))
      // Nothing renewed until the second, explicit step.
      expect(calls.some((c) => c.url === '/api/orders/31/tracking-link')).toBe(false)
      await userEvent.click(within(dialog).getByRole('button', { name: labels.renew }))
      await waitFor(() =>
        expect(
          calls.filter((c) => c.method === 'POST' && c.url === '/api/orders/31/tracking-link'),
        ).toHaveLength(1),
      )
      expect(await within(dialog).findByDisplayValue(NEW_LINK)).toHaveAttribute('readonly')
      expect(within(dialog).getByRole('button', { name: labels.copy })).toBeInTheDocument()
    })
  }
})
