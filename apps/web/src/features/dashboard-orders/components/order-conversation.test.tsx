import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { OrderMessage, WhatsAppStatus } from '@shop/shared/schemas/whatsapp'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { makeOrder } from '../order-fixture.test-helper.ts'
import { OrderEditDialog } from './order-edit-dialog.tsx'

// Issue 41: the order dialog's conversation with the customer (WhatsApp both ways, the shop's mails) and the WhatsApp
// channel's state beside it, in words in both languages.

const order = makeOrder({ id: 31, order_number: 'ORD-250101-00031', whatsapp_opt_in: true })

const message = (fields: Partial<OrderMessage>): OrderMessage => ({
  id: 1,
  channel: 'whatsapp',
  direction: 'out',
  template: 'order_confirm_request',
  event: 'confirm_request',
  status: 'sent',
  error_code: null,
  error: null,
  outcome: null,
  text: null,
  created_at: '2025-01-05T08:00:00Z',
  status_at: null,
  to_or_from: '218912345678',
  ...fields,
})

const conversation: OrderMessage[] = [
  message({
    id: 7,
    channel: 'mail',
    event: 'received',
    text: 'Order ORD-250101-00031 received',
    to_or_from: 'a@example.com',
  }),
  message({
    id: 1,
    status: 'read',
    text: 'We received your order ORD-250101-00031. Shall we prepare and send it?',
    status_at: '2025-01-05T08:05:00Z',
  }),
  message({
    id: 2,
    direction: 'in',
    event: 'button',
    status: 'received',
    outcome: 'confirmed',
    text: 'Confirm order',
    created_at: '2025-01-05T08:06:00Z',
  }),
  message({
    id: 3,
    event: 'confirmed',
    status: 'failed',
    error_code: '131026',
    error: 'Message undeliverable',
  }),
]

const status = (state: WhatsAppStatus['state'], more: Partial<WhatsAppStatus> = {}): WhatsAppStatus => ({
  state,
  last_error: null,
  last_error_code: null,
  last_error_at: null,
  last_sent_at: null,
  queued: 0,
  missing_templates: [],
  ...more,
})

afterEach(() => vi.unstubAllGlobals())

async function openDialog(lang: 'ar' | 'en', messages: OrderMessage[], whatsapp: WhatsAppStatus) {
  const calls = stubFetch((c) => {
    if (c.method !== 'GET') return undefined
    if (c.url === '/api/orders/31') return { body: order }
    if (c.url === '/api/orders/31/messages') return { body: { data: messages } }
    if (c.url === '/api/whatsapp/status') return { body: whatsapp }
    return undefined
  })
  await renderDashboard(<OrderEditDialog order={order} onClose={() => {}} />, lang, {
    settings: { timezone: 'Africa/Tripoli' },
  })
  const section = await within(await screen.findByRole('dialog')).findByTestId('order-conversation')
  return { section, calls }
}

const shown = async (section: HTMLElement) => {
  const items = await within(section).findAllByTestId('conversation-message')
  return items.map((li) => ({
    channel: li.dataset.channel,
    direction: li.dataset.direction,
    status: li.dataset.status,
    text: li.textContent ?? '',
  }))
}

describe('order conversation', { timeout: 20_000 }, () => {
  it('lists the messages oldest first with their statuses, failures and outcomes in English', async () => {
    const { section } = await openDialog('en', conversation, status('working'))
    const items = await shown(section)
    expect(items.map((m) => [m.channel, m.direction, m.status])).toEqual([
      ['mail', 'out', 'sent'],
      ['whatsapp', 'out', 'read'],
      ['whatsapp', 'in', 'received'],
      ['whatsapp', 'out', 'failed'],
    ])
    expect(items[0]!.text).toContain('Mail')
    expect(items[0]!.text).toContain('Order received')
    expect(items[1]!.text).toContain('Asked to confirm the order')
    expect(items[1]!.text).toContain('to the customer')
    expect(items[1]!.text).toContain('Read')
    // On the shop's clock (Africa/Tripoli, UTC+2), the number grouped as it is read.
    expect(items[1]!.text).toContain('10:00')
    expect(items[1]!.text).toContain('+218 91 234 5678')
    expect(items[2]!.text).toContain('from the customer')
    expect(items[2]!.text).toContain('What the shop did: confirmed the order')
    expect(items[3]!.text).toContain('The number is not on WhatsApp or cannot receive messages (code 131026)')
    expect(within(section).getByTestId('whatsapp-state')).toHaveAttribute('data-state', 'working')
  })

  it('says the same in Arabic', async () => {
    const { section } = await openDialog('ar', conversation, status('working'))
    const items = await shown(section)
    expect(within(section).getByRole('heading', { name: 'المحادثة مع العميل' })).toBeInTheDocument()
    expect(items[0]!.text).toContain('البريد')
    expect(items[1]!.text).toContain('طلب تأكيد الطلب')
    expect(items[1]!.text).toContain('قُرئت')
    expect(items[2]!.text).toContain('من العميل')
    expect(items[2]!.text).toContain('ما فعله المتجر: أكّد الطلب')
    expect(items[3]!.text).toContain('تعذّر إرسالها')
    expect(items[3]!.text).toContain('الرقم ليس على واتساب أو لا يستقبل الرسائل (الرمز 131026)')
    // The number stays left to right inside the Arabic line.
    expect(within(section).getAllByText('+218 91 234 5678')[0]).toHaveAttribute('dir', 'ltr')
  })

  it('says why a message still waiting to be sent did not go on its last try', async () => {
    const waiting = message({ status: 'queued', error_code: '131056', error: 'Pair rate limit hit' })
    const { section } = await openDialog('en', [waiting], status('working'))
    const [item] = await shown(section)
    expect(item!.status).toBe('queued')
    expect(item!.text).toContain('Waiting to be sent')
    expect(item!.text).toContain(
      'The last try did not go: Too many messages to this number in a short time (code 131056). It is tried again.',
    )
  })

  it('says plainly when there are no messages, and that WhatsApp is not set up', async () => {
    const { section, calls } = await openDialog('en', [], status('not_configured'))
    expect(await within(section).findByText('No messages for this order yet.')).toBeInTheDocument()
    const state = within(section).getByTestId('whatsapp-state')
    expect(state).toHaveAttribute('data-state', 'not_configured')
    expect(state).toHaveTextContent('WhatsApp is not set up')
    expect(state).toHaveTextContent('Messages are not sent on WhatsApp')
    expect(state).toHaveTextContent('docs/operations.md')
    expect(calls.some((c) => c.url === '/api/orders/31/messages')).toBe(true)
  })

  it('names the missing templates, left to right, in Arabic', async () => {
    const missing = await openDialog(
      'ar',
      [],
      status('templates_missing', { missing_templates: ['order_confirmed'] }),
    )
    const state = within(missing.section).getByTestId('whatsapp-state')
    expect(state).toHaveAttribute('data-state', 'templates_missing')
    expect(state).toHaveTextContent('قوالب واتساب ناقصة')
    expect(within(state).getByText('order_confirmed')).toHaveAttribute('dir', 'ltr')
  })

  it('says why the channel fails, with Meta’s code in words', async () => {
    const { section } = await openDialog(
      'en',
      [],
      status('failing', {
        last_error: 'Error validating access token',
        last_error_code: '190',
        last_error_at: '2025-01-05T08:00:00Z',
        queued: 3,
      }),
    )
    const state = within(section).getByTestId('whatsapp-state')
    expect(state).toHaveAttribute('data-state', 'failing')
    expect(state).toHaveTextContent('WhatsApp is failing')
    expect(state).toHaveTextContent('The WhatsApp access token has expired: renew WHATSAPP_TOKEN (code 190)')
    expect(state).toHaveTextContent('3 messages waiting to be sent')
  })
})
