import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Order } from '@shop/shared/schemas/order'
import type { MailStatus } from '@shop/shared/schemas/mail'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { makeOrder } from '../order-fixture.test-helper.ts'
import { OrderEditDialog } from './order-edit-dialog.tsx'

// Decision 0223: the dialog's main Save saves an open lines edit, then the fields; never "order updated" over a
// dropped change (issue 39, item 1).

const line = (quantity: number) => ({
  id: 1,
  product_id: 7,
  quantity,
  unit_price: 20,
  line_total: quantity * 20,
  is_wholesale: false,
  product: { id: 7, name: 'Cartons', image_url: null },
  product_name: 'Cartons',
  variant_id: 70,
  variant_label: '',
  sku: null,
  discount: 0,
})
const order: Order = makeOrder({
  id: 41,
  order_number: 'ORD-250101-00041',
  order_status: 'processing',
  payment_method: 'cash',
  city_id: 3,
  city_name: 'Misrata',
  subtotal: 60,
  delivery_price: 10,
  total_amount: 70,
  items: [line(3)],
  history: [],
})
const five: Order = { ...order, items: [line(5)], subtotal: 100, total_amount: 110 }
const cities = [{ id: 3, name: 'Misrata', delivery_price: 10, is_active: true }]
const mail = (state: MailStatus['state']): MailStatus => ({
  state,
  last_error: null,
  last_error_at: null,
  last_sent_at: null,
  unsent: 0,
})

afterEach(() => vi.unstubAllGlobals())

function stub(options: { mail: MailStatus['state']; itemsStatus?: number }) {
  let saved = false
  return stubFetch((c) => {
    if (c.method === 'GET' && c.url === '/api/orders/41') return { body: saved ? five : order }
    if (c.method === 'GET' && c.url.startsWith('/api/cities')) return { body: { data: cities } }
    if (c.method === 'GET' && c.url === '/api/mail/status') return { body: mail(options.mail) }
    if (c.method === 'PUT' && c.url === '/api/orders/41/items') {
      if (options.itemsStatus)
        return {
          status: options.itemsStatus,
          body: { code: 'OUT_OF_STOCK', message: 'Not enough stock for Cartons (available: 4)' },
        }
      saved = true
      return { body: five }
    }
    if (c.method === 'PUT' && c.url === '/api/orders/41') return { body: saved ? five : order }
    return undefined
  })
}

describe(
  'order dialog: the main Save with the lines editor open (decision 0223)',
  { timeout: 30_000 },
  () => {
    it('saves 3 → 5 cartons first, then the fields, and says the new total (en, mail working)', async () => {
      const calls = stub({ mail: 'working' })
      const onClose = vi.fn()
      await renderDashboard(<OrderEditDialog order={order} onClose={onClose} />, 'en')
      await userEvent.click(await screen.findByRole('button', { name: 'Change items' }))
      const editor = screen.getByRole('region', { name: 'Change what was ordered' })
      await userEvent.click(within(editor).getByRole('button', { name: 'One more Cartons' }))
      await userEvent.click(within(editor).getByRole('button', { name: 'One more Cartons' }))
      expect(within(editor).getByRole('spinbutton', { name: 'Quantity of Cartons' })).toHaveValue(5)
      expect(screen.getByText(/not saved yet: Save saves them with the order/)).toBeInTheDocument()
      await userEvent.click(screen.getByRole('button', { name: 'Save' }))
      await waitFor(() => expect(onClose).toHaveBeenCalled())
      const puts = calls.filter((c) => c.method === 'PUT')
      expect(puts.map((c) => c.url)).toEqual(['/api/orders/41/items', '/api/orders/41'])
      expect(puts[0]!.body).toEqual({ items: [{ product_id: 7, variant_id: 70, quantity: 5 }] })
      expect(
        await screen.findByText('Order updated: new total 110.00 LYD. The customer has been mailed.'),
      ).toBeInTheDocument()
      expect(screen.queryByText('Order updated')).not.toBeInTheDocument()
    })

    it('in Arabic without mail: saves the lines, and does not claim the customer was mailed', async () => {
      const calls = stub({ mail: 'not_configured' })
      const onClose = vi.fn()
      await renderDashboard(<OrderEditDialog order={order} onClose={onClose} />, 'ar')
      await userEvent.click(await screen.findByRole('button', { name: 'تعديل المنتجات' }))
      await userEvent.click(screen.getByRole('button', { name: 'زيادة Cartons واحدًا' }))
      await userEvent.click(screen.getByRole('button', { name: 'زيادة Cartons واحدًا' }))
      await userEvent.click(screen.getByRole('button', { name: 'حفظ' }))
      await waitFor(() => expect(onClose).toHaveBeenCalled())
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual([
        '/api/orders/41/items',
        '/api/orders/41',
      ])
      expect(
        await screen.findByText('عُدّل الطلب: الإجمالي الجديد 110.00 د.ل. البريد لا يعمل: أبلغ العميل بنفسك.'),
      ).toBeInTheDocument()
      expect(screen.queryByText(/أُرسل بريد إلى العميل/)).not.toBeInTheDocument()
    })

    it('refused lines: nothing else is saved, the dialog stays open with the edit and the reason', async () => {
      const calls = stub({ mail: 'working', itemsStatus: 409 })
      const onClose = vi.fn()
      await renderDashboard(<OrderEditDialog order={order} onClose={onClose} />, 'en')
      await userEvent.click(await screen.findByRole('button', { name: 'Change items' }))
      await userEvent.click(screen.getByRole('button', { name: 'One more Cartons' }))
      await userEvent.click(screen.getByRole('button', { name: 'Save' }))
      expect(await screen.findByText(/Not enough stock for Cartons \(available: 4\)/)).toBeInTheDocument()
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/api/orders/41/items'])
      expect(onClose).not.toHaveBeenCalled()
      expect(screen.getByRole('region', { name: 'Change what was ordered' })).toBeInTheDocument()
      expect(screen.getByRole('spinbutton', { name: 'Quantity of Cartons' })).toHaveValue(4)
    })

    it('an untouched editor sends no lines; the fields are saved as before', async () => {
      const calls = stub({ mail: 'working' })
      const onClose = vi.fn()
      await renderDashboard(<OrderEditDialog order={order} onClose={onClose} />, 'en')
      await userEvent.click(await screen.findByRole('button', { name: 'Change items' }))
      await userEvent.click(screen.getByRole('button', { name: 'Save' }))
      await waitFor(() => expect(onClose).toHaveBeenCalled())
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/api/orders/41'])
      expect(await screen.findByText('Order updated')).toBeInTheDocument()
    })

    it('refused at the door is offered once out for delivery, not on a pending order (decision 0224)', async () => {
      const pending = { ...order, order_status: 'pending' as const }
      stubFetch((c) => {
        if (c.method === 'GET' && c.url === '/api/orders/41') return { body: pending }
        if (c.method === 'GET' && c.url === '/api/mail/status') return { body: mail('working') }
        return undefined
      })
      const first = await renderDashboard(<OrderEditDialog order={pending} onClose={() => {}} />, 'en')
      expect(await screen.findByRole('button', { name: 'Confirmed by phone' })).toBeInTheDocument()
      expect(screen.queryByRole('button', { name: 'Refused at the door' })).not.toBeInTheDocument()
      first.unmount()
      stub({ mail: 'working' })
      await renderDashboard(<OrderEditDialog order={order} onClose={() => {}} />, 'en')
      expect(await screen.findByRole('button', { name: 'Refused at the door' })).toBeInTheDocument()
    })
  },
)
