import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuditEntry } from '@shop/shared/schemas/team'
import type { UserSummary } from '@shop/shared/schemas/user'
import { AuditTrail } from '../../../components/audit/audit-trail.tsx'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { AuditScreen } from './audit-screen.tsx'

const owner: UserSummary = {
  id: 1,
  name: 'Owner',
  email: 'owner@example.ly',
  role: 'super_admin',
  roles: [{ name: 'super_admin' }],
  is_admin: true,
  is_active: true,
  created_at: '2025-01-01T00:00:00Z',
  orders_count: 0,
  orders_total: 0,
}
const clerk: UserSummary = { ...owner, id: 2, name: 'Omar', role: 'admin', roles: [{ name: 'admin' }] }

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  // 22:30 UTC is 00:30 the next day in Tripoli (UTC+2): the shop's clock.
  created_at: '2025-03-09T22:30:00Z',
  actor: { kind: 'staff', user_id: 2, name: 'Omar' },
  ip: '10.0.0.7',
  action: 'product.updated',
  entity: 'product',
  entity_id: '7',
  before: { price: 20, is_active: true },
  after: { price: 25, is_active: false },
  note: null,
  ...over,
})
const rows: AuditEntry[] = [
  entry({ id: 3 }),
  entry({
    id: 2,
    action: 'orders.exported',
    entity: 'order',
    entity_id: null,
    before: null,
    after: { from: '2025-03-01', to: '2025-03-31', status: 'all', rows: 12 },
  }),
  entry({
    id: 1,
    action: 'order.mystery_happened',
    entity: 'order',
    entity_id: '41',
    actor: { kind: 'system', user_id: null, name: 'payment_expiry' },
    ip: null,
    before: null,
    after: null,
  }),
]

function serve(me: UserSummary & { permissions?: string[] } = owner) {
  localStorage.setItem('token', 't')
  return stubFetch((c) => {
    if (c.url === '/api/me') return { body: me }
    if (c.url.startsWith('/api/audit'))
      return { body: { data: rows, total: rows.length, last_page: 1, current_page: 1, per_page: 25 } }
    if (c.url.startsWith('/api/users?'))
      return {
        body: {
          data: c.url.includes('super_admin') ? [owner] : [clerk],
          total: 1,
          last_page: 1,
          current_page: 1,
          per_page: 100,
        },
      }
    if (c.url === '/api/settings')
      return { body: { data: [{ id: 1, key: 'timezone', description: null, value: 'Africa/Tripoli' }] } }
    return undefined
  })
}

afterEach(() => vi.unstubAllGlobals())

describe('dashboard audit trail', { timeout: 20_000 }, () => {
  it('shows who did what, when on the shop’s clock, the item with its link and the fields before and after', async () => {
    serve()
    await renderDashboard(<AuditScreen />, 'en')
    const row = within(await screen.findByRole('row', { name: /Product edited/ }))
    expect(row.getByText('Omar')).toBeInTheDocument()
    expect(row.getByText('10.0.0.7')).toBeInTheDocument()
    expect(row.getByText(/10 Mar 2025/)).toBeInTheDocument()
    expect(row.getByRole('link', { name: 'Product #7' })).toHaveAttribute(
      'href',
      '/dashboard/products?product=7',
    )
    const changes = row.getByTestId('audit-changes')
    expect(within(changes).getByText('Price:')).toBeInTheDocument()
    expect(within(changes).getByText('20.00 LYD')).toBeInTheDocument()
    expect(within(changes).getByText('25.00 LYD')).toBeInTheDocument()
    expect(within(changes).getByText('Yes')).toBeInTheDocument()
    // The sales export, a sensitive read, says so.
    expect(screen.getByRole('row', { name: /Sales exported/ })).toHaveTextContent('12')
    // An action the screen has no words for still reads, and the shop itself is named.
    const unknown = within(screen.getByRole('row', { name: /mystery happened/ }))
    expect(unknown.getByText('Order: mystery happened')).toBeInTheDocument()
    expect(unknown.getByText('The shop (time to pay ran out)')).toBeInTheDocument()
    expect(unknown.getByRole('link', { name: 'Order #41' })).toHaveAttribute(
      'href',
      '/dashboard/orders?order=41',
    )
  })

  it('asks the API for one person, one kind of item and a range of days', async () => {
    const calls = serve()
    await renderDashboard(<AuditScreen />, 'en')
    await screen.findByRole('row', { name: /Product edited/ })
    const who = screen.getByRole('combobox', { name: 'Who' })
    await within(who).findByRole('option', { name: 'Omar' })
    await userEvent.selectOptions(who, '2')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'About' }), 'product')
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-01' } })
    await waitFor(() => {
      const last = calls.filter((c) => c.url.startsWith('/api/audit')).at(-1)!.url
      expect(last).toContain('actor_id=2')
      expect(last).toContain('entity=product')
      expect(last).toContain('from=2025-03-01')
    })
  })

  it('reads in Arabic, with Western digits', async () => {
    serve()
    await renderDashboard(<AuditScreen />, 'ar')
    expect(await screen.findByRole('heading', { name: 'سجل التدقيق' })).toBeInTheDocument()
    const row = within(await screen.findByRole('row', { name: /تعديل منتج/ }))
    expect(row.getByText('نعم')).toBeInTheDocument()
    expect(row.getByRole('link', { name: 'منتج #7' })).toBeInTheDocument()
    expect(row.getByText(/2025/)).toBeInTheDocument()
  })
})

/** Issue 39 item 6: the rows the owner found reading like a developer log. */
const wordy: AuditEntry[] = [
  entry({
    id: 14,
    action: 'stock.adjusted',
    before: { stock: 10 },
    after: { variant_id: 71, stock: 8, reason: 'count_correction' },
    names: { 'variant_id:71': 'Ajwa – 1 kg' },
    note: 'Shelf count',
  }),
  entry({
    id: 13,
    action: 'staff.role_changed',
    entity: 'staff',
    entity_id: '2',
    before: { role: 'admin', staff_role_id: 2, staff_role: 'manager' },
    after: { role: 'admin', staff_role_id: 3, staff_role: 'order_clerk' },
    names: { 'staff_role_id:2': 'Manager', 'staff_role_id:3': 'Order clerk' },
  }),
  entry({
    id: 12,
    action: 'content.updated',
    entity: 'content',
    entity_id: null,
    before: { address: { ar: 'طرابلس، ليبيا', en: 'Tripoli, Libya' } },
    after: { address: { ar: 'مصراتة، ليبيا', en: 'Misrata, Libya' } },
  }),
  entry({
    id: 11,
    action: 'promotion.updated',
    entity: 'promotion',
    entity_id: '5',
    before: {
      ends_at: '2025-03-31T21:59:00.000Z',
      value_type: 'percentage',
      min_subtotal: null,
      city_ids: [],
    },
    after: { ends_at: '2025-04-10T21:59:00.000Z', value_type: 'fixed', min_subtotal: 150, city_ids: [3, 8] },
    names: { 'city_id:3': 'Tripoli', 'city_id:8': 'Misrata' },
  }),
  entry({
    id: 10,
    action: 'product.updated',
    before: { translations: { en: { name: 'Dates' } }, category_id: 4 },
    after: { translations: { en: { name: 'Ajwa dates' } }, category_id: 9 },
    names: { 'category_id:4': 'Dates', 'category_id:9': 'Premium dates' },
  }),
]

function serveWordy() {
  localStorage.setItem('token', 't')
  return stubFetch((c) => {
    if (c.url === '/api/me') return { body: owner }
    if (c.url.startsWith('/api/audit'))
      return { body: { data: wordy, total: wordy.length, last_page: 1, current_page: 1, per_page: 25 } }
    if (c.url.startsWith('/api/users?'))
      return {
        body: {
          // The "admin" filter also finds super admins: the owner comes back in both lists.
          data: c.url.includes('super_admin') ? [owner] : [owner, clerk],
          total: 2,
          last_page: 1,
          current_page: 1,
          per_page: 100,
        },
      }
    return undefined
  })
}

describe('the trail in words (issue 39, decision 0230)', { timeout: 20_000 }, () => {
  /** What a developer log would show: codes, field keys, ids, ISO times, JSON. */
  const rawLog =
    /count_correction|order_clerk|staff_role|variant_id|value_type|ends_at|\d{4}-\d{2}-\d{2}T|[{}"]|adjusted/

  it('reads every action, field and value as words in English, times on the shop’s clock', async () => {
    serveWordy()
    await renderDashboard(<AuditScreen />, 'en', { settings: { timezone: 'Asia/Tokyo' } })
    const stock = within(await screen.findByRole('row', { name: /Stock adjusted/ }))
    expect(stock.getByText('Count correction')).toBeInTheDocument()
    expect(stock.getByText('Ajwa – 1 kg')).toBeInTheDocument()
    expect(stock.getByText('Size:')).toBeInTheDocument()
    // 22:30 UTC on 9 March is 07:30 on 10 March in Tokyo.
    expect(stock.getByText('10 Mar 2025, 07:30')).toBeInTheDocument()
    const staff = within(screen.getByRole('row', { name: /Staff role changed/ }))
    expect(staff.getAllByText('Staff role:')).toHaveLength(1)
    expect(staff.getByText('Manager')).toBeInTheDocument()
    expect(staff.getByText('Order clerk')).toBeInTheDocument()
    const content = within(screen.getByRole('row', { name: /Storefront content changed/ }))
    expect(content.getByText('Tripoli, Libya')).toBeInTheDocument()
    expect(content.getByText('Misrata, Libya')).toBeInTheDocument()
    const offer = within(screen.getByRole('row', { name: /Offer edited/ }))
    expect(offer.getByText('1 Apr 2025, 06:59')).toBeInTheDocument()
    expect(offer.getByText('Fixed amount')).toBeInTheDocument()
    expect(offer.getByText('150.00 LYD')).toBeInTheDocument()
    expect(offer.getByText('Tripoli, Misrata')).toBeInTheDocument()
    expect(offer.getByText('None')).toBeInTheDocument()
    const product = within(screen.getByRole('row', { name: /Product edited/ }))
    expect(product.getByText('Name (English):')).toBeInTheDocument()
    expect(product.getByText('Premium dates')).toBeInTheDocument()
    for (const row of screen.getAllByTestId('audit-changes')) expect(row.textContent).not.toMatch(rawLog)
  })

  it('reads in Arabic: the labels, the Arabic side of a bilingual text, the role’s Arabic name', async () => {
    serveWordy()
    await renderDashboard(<AuditScreen />, 'ar')
    const stock = within(await screen.findByRole('row', { name: /تعديل المخزون/ }))
    expect(stock.getByText('تصحيح الجرد')).toBeInTheDocument()
    expect(stock.getByText('الحجم:')).toBeInTheDocument()
    const content = within(screen.getByRole('row', { name: /محتوى/ }))
    expect(content.getByText('طرابلس، ليبيا')).toBeInTheDocument()
    expect(content.getByText('مصراتة، ليبيا')).toBeInTheDocument()
    expect(content.queryByText('Tripoli, Libya')).not.toBeInTheDocument()
    const offer = within(screen.getByRole('row', { name: /تعديل عرض/ }))
    expect(offer.getByText('مبلغ ثابت')).toBeInTheDocument()
    expect(offer.getByText('Tripoli، Misrata')).toBeInTheDocument()
    for (const row of screen.getAllByTestId('audit-changes')) expect(row.textContent).not.toMatch(rawLog)
  })

  it('lists each person once in the "who" filter', async () => {
    serveWordy()
    await renderDashboard(<AuditScreen />, 'en')
    const who = screen.getByRole('combobox', { name: 'Who' })
    await within(who).findByRole('option', { name: 'Omar' })
    expect(
      within(who)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Everyone', 'Omar', 'Owner'])
  })
})

describe('an order’s or a product’s own trail', { timeout: 20_000 }, () => {
  it('is read only once opened, and lists the entity’s rows', async () => {
    const calls = serve()
    await renderDashboard(<AuditTrail entity="product" id={7} />, 'en')
    const summary = await screen.findByText('Change history')
    expect(calls.some((c) => c.url.startsWith('/api/audit'))).toBe(false)
    await userEvent.click(summary)
    expect(await screen.findByText('Product edited')).toBeInTheDocument()
    expect(calls.find((c) => c.url.startsWith('/api/audit'))!.url).toContain('entity=product&entity_id=7')
  })

  it('is not shown to a role without audit.view', async () => {
    serve({ ...clerk, permissions: ['orders.view', 'orders.process'] })
    await renderDashboard(
      <div>
        <p>Order dialog</p>
        <AuditTrail entity="order" id={41} />
      </div>,
      'en',
    )
    await screen.findByText('Order dialog')
    await waitFor(() => expect(screen.queryByText('Change history')).not.toBeInTheDocument())
  })
})

// Issue 42: deliveries, couriers and settlements in words, the courier on their phone named as such.
describe('the trail of deliveries (issue 42)', { timeout: 20_000 }, () => {
  const delivery: AuditEntry[] = [
    entry({
      id: 13,
      action: 'shipment.delivered',
      entity: 'shipment',
      entity_id: '5',
      actor: { kind: 'courier', user_id: null, name: 'Salem' },
      ip: null,
      before: { status: 'out_for_delivery', order_number: 'ORD-1' },
      after: { status: 'delivered', collected_amount: 130 },
    }),
    entry({
      id: 12,
      action: 'shipment.returned',
      entity: 'shipment',
      entity_id: '6',
      before: { status: 'refused' },
      after: { status: 'returned', condition: 'damaged' },
    }),
    entry({
      id: 11,
      action: 'courier.created',
      entity: 'courier',
      entity_id: '2',
      before: null,
      after: { kind: 'company', name: 'Aramex', default_fee: 15 },
    }),
    entry({ id: 10, action: 'order.shipped', entity: 'order', entity_id: '31', before: null, after: null }),
    entry({
      id: 9,
      action: 'settlement.recorded',
      entity: 'settlement',
      entity_id: '3',
      before: null,
      after: null,
    }),
  ]
  const serveDelivery = () => {
    localStorage.setItem('token', 't')
    return stubFetch((c) => {
      if (c.url === '/api/me') return { body: owner }
      if (c.url.startsWith('/api/audit'))
        return {
          body: { data: delivery, total: delivery.length, last_page: 1, current_page: 1, per_page: 25 },
        }
      return undefined
    })
  }

  it('in English', async () => {
    serveDelivery()
    await renderDashboard(<AuditScreen />, 'en')
    const delivered = within(await screen.findByRole('row', { name: /Delivery recorded: delivered/ }))
    expect(delivered.getByText('Courier, on their phone (Salem)')).toBeInTheDocument()
    expect(delivered.getByText('Out for delivery')).toBeInTheDocument()
    expect(delivered.getByText('Delivered')).toBeInTheDocument()
    expect(delivered.getByText('130.00 LYD')).toBeInTheDocument()
    const returned = within(screen.getByRole('row', { name: /Box back at the shop/ }))
    expect(returned.getByText('Condition:')).toBeInTheDocument()
    expect(returned.getByText('Damaged')).toBeInTheDocument()
    const courier = within(screen.getByRole('row', { name: /Courier added/ }))
    expect(courier.getByText('Courier company')).toBeInTheDocument()
    expect(courier.getByText('15.00 LYD')).toBeInTheDocument()
    expect(screen.getByRole('row', { name: /Order out for delivery/ })).toBeInTheDocument()
    expect(screen.getByRole('row', { name: /Courier settlement recorded/ })).toBeInTheDocument()
    // The "what" filter knows the new records.
    const what = screen.getByRole('combobox', { name: 'About' })
    expect(within(what).getByRole('option', { name: 'Shipment' })).toBeInTheDocument()
    expect(within(what).getByRole('option', { name: 'Courier' })).toBeInTheDocument()
    expect(within(what).getByRole('option', { name: 'Courier settlement' })).toBeInTheDocument()
  })

  it('in Arabic', async () => {
    serveDelivery()
    await renderDashboard(<AuditScreen />, 'ar')
    const delivered = within(await screen.findByRole('row', { name: /تسجيل التوصيل: تم التسليم/ }))
    expect(delivered.getByText('المندوب من هاتفه (Salem)')).toBeInTheDocument()
    expect(delivered.getByText('خرج للتوصيل')).toBeInTheDocument()
    const returned = within(screen.getByRole('row', { name: /عودة صندوق إلى المتجر/ }))
    expect(returned.getByText('تالفًا')).toBeInTheDocument()
    expect(screen.getByRole('row', { name: /إضافة مندوب/ })).toHaveTextContent('شركة توصيل')
    expect(screen.getByRole('row', { name: /خروج طلب للتوصيل/ })).toBeInTheDocument()
  })
})
