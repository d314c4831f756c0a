import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Order, OrderStatusChange } from '@shop/shared/schemas/order'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { makeOrder } from '../order-fixture.test-helper.ts'
import { OrderEditDialog } from './order-edit-dialog.tsx'

// Decision 0193: the order dialog's history says who made each move: the staff member by name, the customer (signed
// in, a guest, a guest with the tracking link), the payment provider, or the shop by itself.

const row = makeOrder({ id: 31, order_number: 'ORD-250101-00031', created_at: '2025-01-01T10:00:00Z' })

let id = 0
const change = (fields: Partial<OrderStatusChange>): OrderStatusChange => ({
  id: ++id,
  from_status: 'pending',
  to_status: 'pending',
  from_payment_status: 'pending',
  to_payment_status: 'pending',
  changed_by: null,
  actor: null,
  provider: null,
  action: null,
  reason: null,
  created_at: `2025-01-0${Math.min(id, 9)}T10:00:00Z`,
  ...fields,
})

const history: OrderStatusChange[] = [
  change({ from_status: null, from_payment_status: null, actor: 'guest' }),
  change({ to_payment_status: 'paid', actor: 'provider', provider: 'plutu' }),
  change({
    from_payment_status: 'paid',
    to_payment_status: 'refunded',
    actor: 'provider',
    provider: 'paypal',
  }),
  change({ to_status: 'processing', actor: 'staff', changed_by: 'Salma', action: 'confirmed_by_phone' }),
  change({
    from_status: 'processing',
    to_status: 'cancelled',
    actor: 'guest',
    action: 'cancelled_by_customer',
    reason: 'Too late',
  }),
  change({
    to_status: 'cancelled',
    to_payment_status: 'expired',
    actor: 'system',
    action: 'payment_expired',
  }),
  change({ to_status: 'cancelled', actor: 'shopper', changed_by: 'Huda', action: 'cancelled_by_customer' }),
]

afterEach(() => vi.unstubAllGlobals())

async function whoLines(lang: 'ar' | 'en') {
  const full: Order = { ...row, history }
  stubFetch((c) => (c.method === 'GET' && c.url === '/api/orders/31' ? { body: full } : undefined))
  await renderDashboard(<OrderEditDialog order={row} onClose={() => {}} />, lang)
  const dialog = await screen.findByRole('dialog')
  const section = within(dialog).getByRole('region', {
    name: lang === 'en' ? 'Status history' : 'سجل الحالات',
  })
  const list = await within(section).findByRole('list')
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '')
}

describe('order history: who made each move', { timeout: 20_000 }, () => {
  it('names them in English', async () => {
    const lines = await whoLines('en')
    expect(lines).toHaveLength(7)
    expect(lines[0]).toContain('by the customer (guest)')
    expect(lines[1]).toContain('by Plutu')
    expect(lines[2]).toContain('by PayPal')
    expect(lines[3]).toContain('By Salma')
    expect(lines[4]).toContain('by the customer (guest), with the tracking link')
    expect(lines[4]).toContain('Too late')
    expect(lines[5]).toContain('automatically')
    expect(lines[6]).toContain('by the customer Huda')
  })

  it('names them in Arabic', async () => {
    const lines = await whoLines('ar')
    expect(lines[0]).toContain('بواسطة العميل (زائر)')
    expect(lines[1]).toContain('بواسطة بلوتو')
    expect(lines[2]).toContain('بواسطة باي بال')
    expect(lines[3]).toContain('بواسطة Salma')
    expect(lines[4]).toContain('عبر رابط التتبع')
    expect(lines[5]).toContain('تلقائيًا')
    expect(lines[6]).toContain('بواسطة العميل Huda')
  })
})

// Issue 41: the customer's answer on WhatsApp, with the number it came from, left to right in both languages.
describe('order history: answers on WhatsApp', { timeout: 20_000 }, () => {
  const onWhatsApp: OrderStatusChange[] = [
    change({
      to_status: 'processing',
      actor: 'guest',
      action: 'confirmed_on_whatsapp',
      whatsapp: '218912345678',
    }),
    change({
      from_status: 'processing',
      to_status: 'cancelled',
      actor: 'guest',
      action: 'cancelled_by_customer',
      whatsapp: '218912345678',
    }),
  ]
  const lines = async (lang: 'ar' | 'en') => {
    stubFetch((c) =>
      c.method === 'GET' && c.url === '/api/orders/31'
        ? { body: { ...row, history: onWhatsApp } }
        : undefined,
    )
    await renderDashboard(<OrderEditDialog order={row} onClose={() => {}} />, lang)
    const section = within(await screen.findByRole('dialog')).getByRole('region', {
      name: lang === 'en' ? 'Status history' : 'سجل الحالات',
    })
    return within(await within(section).findByRole('list')).getAllByRole('listitem')
  }

  it('says who confirmed or cancelled on WhatsApp, from which number, in English', async () => {
    const [confirmed, cancelled] = await lines('en')
    expect(confirmed).toHaveTextContent('Confirmed by the customer on WhatsApp (+218 91 234 5678)')
    expect(confirmed).toHaveTextContent('by the customer on WhatsApp')
    expect(cancelled).toHaveTextContent('Cancelled by the customer on WhatsApp (+218 91 234 5678)')
    expect(cancelled).not.toHaveTextContent('tracking link')
  })

  it('in Arabic, with the number left to right', async () => {
    const [confirmed, cancelled] = await lines('ar')
    expect(confirmed).toHaveTextContent('أكّده العميل عبر واتساب (+218 91 234 5678)')
    expect(cancelled).toHaveTextContent('ألغاه العميل عبر واتساب (+218 91 234 5678)')
    expect(within(confirmed!).getByText('+218 91 234 5678')).toHaveAttribute('dir', 'ltr')
  })
})

// Issue 42: the delivery moves say their courier or why in the same line, and who recorded them (the driver's phone).
describe('order history: delivery', { timeout: 20_000 }, () => {
  const delivery: OrderStatusChange[] = [
    change({
      from_status: 'processing',
      to_status: 'shipped',
      actor: 'staff',
      changed_by: 'Salma',
      action: 'shipped',
      reason: 'Aramex',
    }),
    change({
      from_status: 'shipped',
      to_status: 'shipped',
      actor: 'courier',
      courier: 'Salem',
      action: 'delivery_failed',
      reason: 'Nobody home',
    }),
    change({
      from_status: 'shipped',
      to_status: 'cancelled',
      actor: 'courier',
      action: 'refused_on_delivery',
      reason: 'Changed their mind',
    }),
    change({
      from_status: 'shipped',
      to_status: 'completed',
      actor: 'staff',
      changed_by: 'Salma',
      action: 'delivered',
    }),
  ]
  const lines = async (lang: 'ar' | 'en') => {
    stubFetch((c) =>
      c.method === 'GET' && c.url === '/api/orders/31' ? { body: { ...row, history: delivery } } : undefined,
    )
    await renderDashboard(<OrderEditDialog order={row} onClose={() => {}} />, lang)
    const section = within(await screen.findByRole('dialog')).getByRole('region', {
      name: lang === 'en' ? 'Status history' : 'سجل الحالات',
    })
    return within(await within(section).findByRole('list'))
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '')
  }

  it('in English', async () => {
    const [shipped, failed, refused, delivered] = await lines('en')
    expect(shipped).toContain('ProcessingOut for delivery')
    expect(shipped).toContain('Out for delivery with Aramex')
    expect(shipped).toContain('By Salma')
    // The reason is in the line; no second "Reason:" line.
    expect(shipped).not.toContain('Reason')
    expect(failed).toContain('Not delivered: Nobody home')
    expect(failed).toContain('by the courier Salem on their phone')
    expect(refused).toContain('Refused at the door: Changed their mind')
    // No name kept: "the courier".
    expect(refused).toContain('by the courier on their phone')
    expect(delivered).toContain('Delivered')
  })

  it('in Arabic', async () => {
    const [shipped, failed, refused, delivered] = await lines('ar')
    expect(shipped).toContain('خرج للتوصيل مع Aramex')
    expect(failed).toContain('لم يُسلَّم: Nobody home')
    expect(failed).toContain('بواسطة المندوب Salem من هاتفه')
    expect(refused).toContain('رُفض عند الاستلام: Changed their mind')
    expect(refused).toContain('بواسطة المندوب من هاتفه')
    expect(delivered).toContain('تم التسليم')
  })
})
