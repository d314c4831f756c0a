import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Order } from '@shop/shared/schemas/order'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { buildInvoiceHtml } from '../invoice.ts'
import { makeOrder } from '../order-fixture.test-helper.ts'
import { OrderLines } from './order-lines.tsx'

// Issue 29 (decision 0170): the dashboard's order page and the printed invoice show the discounts stored with the
// order, between the subtotal and the total, and the total as stored.
const line = (id: number, fields: Partial<Order['items'][number]>): Order['items'][number] => ({
  id,
  product_id: id,
  quantity: 1,
  unit_price: 10,
  line_total: 10,
  is_wholesale: false,
  product: null,
  product_name: `Product ${id}`,
  variant_id: null,
  variant_label: '',
  sku: null,
  discount: 0,
  ...fields,
})

const order: Order = makeOrder({
  id: 41,
  city_name: 'Tripoli',
  subtotal: 100,
  delivery_price: 10,
  discount_total: 20,
  total_amount: 90,
  adjustments: [
    {
      promotion_id: 3,
      code: 'EID10',
      label: 'Eid offer',
      label_ar: 'عرض العيد',
      label_en: 'Eid offer',
      amount: 10,
      target: 'items',
    },
    {
      promotion_id: 4,
      code: null,
      label: 'Free delivery',
      label_ar: 'توصيل مجاني',
      label_en: 'Free delivery',
      amount: 10,
      target: 'delivery',
    },
  ],
  items: [
    line(1, {
      quantity: 2,
      unit_price: 30,
      line_total: 60,
      discount: 6,
      product_name: 'Deglet dates',
      product_name_ar: 'تمر دقلة',
    }),
    line(2, {
      unit_price: 40,
      line_total: 40,
      discount: 4,
      product_name: 'Sidr honey',
      product_name_ar: 'عسل سدر',
    }),
  ],
})

afterEach(() => vi.unstubAllGlobals())

describe('the order page shows the stored discounts', { timeout: 20_000 }, () => {
  it('in English: each discount with its code between subtotal and total, each line’s part', async () => {
    stubFetch(() => undefined)
    await renderDashboard(<OrderLines order={order} />, 'en')
    const money = await screen.findByTestId('order-money')
    expect(money).toHaveTextContent(
      'Subtotal100.00 LYDEid offerCode EID10−10.00 LYDDelivery to Tripoli10.00 LYDFree delivery−10.00 LYDTotal90.00 LYD',
    )
    const discounts = screen.getAllByTestId('order-line-discount')
    expect(discounts.map((d) => d.textContent)).toEqual(['Discount −6.00 LYD', 'Discount −4.00 LYD'])
  })

  it('in Arabic', async () => {
    stubFetch(() => undefined)
    await renderDashboard(
      <OrderLines order={{ ...order, adjustments: [{ ...order.adjustments[0]!, label: 'عرض العيد' }] }} />,
      'ar',
    )
    const rows = await screen.findAllByTestId('order-adjustment')
    expect(rows[0]).toHaveTextContent('عرض العيدالرمز EID10−10.00 د.ل')
    expect(screen.getAllByTestId('order-line-discount')[0]).toHaveTextContent('خصم −6.00 د.ل')
  })

  it('an order without offers shows no discount row', async () => {
    stubFetch(() => undefined)
    await renderDashboard(<OrderLines order={makeOrder({ items: [line(1, {})] })} />, 'en')
    await screen.findByTestId('order-money')
    expect(screen.queryByTestId('order-adjustment')).not.toBeInTheDocument()
    expect(screen.queryByTestId('order-line-discount')).not.toBeInTheDocument()
  })
})

describe('the printed invoice shows the discounts in Arabic and the stored total', () => {
  const shop = { name: 'مزارع النخيل', logoUrl: '/logo.svg', moneySymbol: 'د.ل' }
  const text = (html: string) =>
    html
      .replace(/<style>[\s\S]*?<\/style>/, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')

  it('lists each discount (Arabic label, code, −amount) and each line’s part', () => {
    const shown = text(buildInvoiceHtml(order, shop))
    expect(shown).toContain(
      'المجموع الفرعي 100.00 د.ل عرض العيد (الرمز EID10 ) −10.00 د.ل التوصيل 10.00 د.ل توصيل مجاني −10.00 د.ل الإجمالي 90.00 د.ل',
    )
    expect(shown).toContain('خصم −6.00 د.ل')
    expect(shown).toContain('خصم −4.00 د.ل')
  })

  it('escapes a label', () => {
    const html = buildInvoiceHtml(
      { ...order, adjustments: [{ ...order.adjustments[0]!, label_ar: '<img src=x onerror=alert(1)>' }] },
      shop,
    )
    expect(html).not.toContain('<img src=x')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })

  it('an order without offers prints as before', () => {
    const html = buildInvoiceHtml(
      { ...order, adjustments: [], discount_total: 0, total_amount: 110, items: [line(1, {})] },
      shop,
    )
    expect(html).not.toContain('class="discount"')
    expect(html).not.toContain('class="line-discount"')
  })
})
