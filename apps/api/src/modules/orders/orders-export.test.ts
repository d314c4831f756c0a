import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client.ts'
import {
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'
import { placeTestOrder } from '../../../test/orders.ts'
import { EXPORT_BATCH_SIZE, neutraliseFormula, spreadsheetPhone } from './orders-export.ts'

describe('orders: sales CSV export', () => {
  let ctx: TestContext
  let admin: TestUser
  beforeAll(async () => {
    ctx = await createTestApp()
    admin = await createUser(ctx.app, 'admin')
  })
  afterAll(() => ctx.close())

  const exportCsv = (query = '', headers: Record<string, string> = admin.headers) =>
    ctx.app.inject({ method: 'GET', url: `/api/orders/export/csv${query}`, headers })

  it('exports completed orders as UTF-8 with BOM, CRLF, Arabic intact and formulas neutralised', async () => {
    const city = await createCity(ctx.app, { name: 'طرابلس-تصدير', deliveryPrice: 10 })
    const p = await createProduct(ctx.app, { retailPrice: 20, retailBuyingPrice: 12 })
    const evil = await placeTestOrder(ctx.app, {
      cityId: city.id,
      items: [{ product_id: p.id, quantity: 2 }],
      customer: {
        customer_name: '=HYPERLINK("http://x","اضغط")',
        customer_phone: '+218911234567',
        shipping_address: '@SUM(1)',
      },
      status: 'completed',
      createdAt: new Date('2024-05-10T10:00:00Z'),
    })
    await placeTestOrder(ctx.app, {
      cityId: city.id,
      items: [{ product_id: p.id, quantity: 1 }],
      customer: { customer_name: 'معلق' },
      createdAt: new Date('2024-05-10T11:00:00Z'),
    })
    const res = await exportCsv('?from=2024-05-01&to=2024-05-31')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/)
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales_2024-05-01_2024-05-31.csv"')
    const raw = res.rawPayload
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = raw.subarray(3).toString('utf8')
    const lines = text.split('\r\n').filter(Boolean)
    expect(text).not.toMatch(/[^\r]\n/)
    // Decision 0131: headers in the reader's language (Arabic by default), the codes in the last columns.
    expect(lines[0]).toBe(
      'رقم الطلب,التاريخ (Africa/Tripoli),اسم العميل,البريد الإلكتروني,الهاتف,المدينة,طريقة الدفع,حالة الطلب,حالة الدفع,المجموع الفرعي,رسوم التوصيل,الإجمالي,الربح,payment_method_code,order_status_code,payment_status_code,الخصم,رموز العروض',
    )
    // Only the completed order (status defaults to completed).
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(evil.order_number)
    expect(lines[1]).toContain('2024-05-10 12:00') // 10:00 UTC is noon in Tripoli
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"",""اضغط"")"`)
    // A spreadsheet keeps the + (and a leading 0) of a phone written as a string formula.
    expect(lines[1]).toContain('"=""+218911234567"""')
    expect(lines[1]).toContain('طرابلس-تصدير')
    expect(lines[1]).toContain(',الدفع عند الاستلام,مكتمل,غير مدفوع,')
    expect(lines[1]).toMatch(/,40\.00,10\.00,50\.00,16\.00,cash,completed,pending,0\.00,$/)
    const all = await exportCsv('?status=all&from=2024-05-10&to=2024-05-10')
    expect(all.rawPayload.subarray(3).toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(3)
  })

  it('writes headers, statuses and the method in English for an English reader, phones kept as typed', async () => {
    const city = await createCity(ctx.app, {
      name: 'بنغازي-تصدير',
      translations: { en: { name: 'Benghazi-export' } },
      deliveryPrice: 5,
    })
    const p = await createProduct(ctx.app, { retailPrice: 10, retailBuyingPrice: 4 })
    const order = await placeTestOrder(ctx.app, {
      cityId: city.id,
      items: [{ product_id: p.id, quantity: 1 }],
      customer: { customer_phone: '0912345678' },
      status: 'processing',
      // 23:30 UTC on the 1st is already the 2nd in Tripoli (UTC+2).
      createdAt: new Date('2024-07-01T23:30:00Z'),
    })
    const res = await exportCsv('?status=all&from=2024-07-02&to=2024-07-02', {
      ...admin.headers,
      'accept-language': 'en',
    })
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n').filter(Boolean)
    expect(lines[0]).toBe(
      'Order number,Date (Africa/Tripoli),Customer name,Email,Phone,City,Payment method,Order status,Payment status,Subtotal,Delivery,Total,Profit,payment_method_code,order_status_code,payment_status_code,Discount,Offer codes',
    )
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(order.order_number)
    expect(lines[1]).toContain('2024-07-02 01:30')
    expect(lines[1]).toContain('"=""0912345678"""')
    expect(lines[1]).toContain(',Benghazi-export,Cash on delivery,Processing,Unpaid,')
    expect(lines[1]).toMatch(/,cash,processing,pending,0\.00,$/)
  })

  it('writes a phone that is not one as formula-safe text', () => {
    expect(spreadsheetPhone('+218 91-234 5678')).toBe('="+218 91-234 5678"')
    expect(spreadsheetPhone('=cmd()')).toBe("'=cmd()")
    expect(spreadsheetPhone('0912"&x')).toBe('0912"&x')
  })

  it('writes every order of a range larger than a batch exactly once, newest first, across equal timestamps', async () => {
    // 1,200 orders placed in the same microsecond (a tie across the batch boundary), 1,100 a microsecond apart, and
    // cancelled ones that a completed-only export leaves out.
    const insert = (n: number, status: string, at: string, apart = '0 seconds') =>
      ctx.app.db.execute(sql`
        insert into orders (order_number, customer_name, customer_email, customer_phone, shipping_address, order_status,
                            subtotal, delivery_price, total_amount, total_cost, created_at, updated_at)
        select 'BATCH-' || ${status} || '-' || ${at} || '-' || k, 'زبون ' || k, 'b' || k || '@example.ly', '0910000000', 'طرابلس',
               ${status}, 10, 0, 10, 4, ${at}::timestamptz + k * ${apart}::interval, now()
        from generate_series(1, ${n}) k`)
    await insert(1_200, 'completed', '2024-06-01T10:00:00.123456Z')
    await insert(1_100, 'completed', '2024-06-01T08:00:00Z', '1 microsecond')
    await insert(300, 'cancelled', '2024-06-01T09:00:00Z')
    expect(2_300).toBeGreaterThan(2 * EXPORT_BATCH_SIZE)

    const res = await exportCsv('?from=2024-06-01&to=2024-06-01')
    expect(res.statusCode).toBe(200)
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n').filter(Boolean)
    const numbers = lines.slice(1).map((line) => line.split(',')[0]!)
    expect(numbers).toHaveLength(2_300)
    expect(new Set(numbers).size).toBe(2_300)
    expect(numbers.every((n) => n.startsWith('BATCH-completed-'))).toBe(true)
    const expected = rowsOf<{ order_number: string }>(
      await ctx.app.db.execute(
        sql`select order_number from orders where order_number like 'BATCH-completed-%' order by created_at desc, id desc`,
      ),
    ).map((r) => r.order_number)
    expect(numbers).toEqual(expected)
  })

  it('names the file with "all" for open ends and validates the query', async () => {
    const res = await exportCsv()
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales_all_all.csv"')
    expect((await exportCsv('?from=2024-01-01')).headers['content-disposition']).toBe(
      'attachment; filename="sales_2024-01-01_all.csv"',
    )
    expect((await exportCsv('?from=2024-13-01')).statusCode).toBe(422)
    expect((await exportCsv('?from=2024-02-02&to=2024-02-01')).statusCode).toBe(422)
    expect((await exportCsv('?status=lost')).statusCode).toBe(422)
    expect((await exportCsv('?from=";rm', admin.headers)).statusCode).toBe(422)
  })

  it('neutralises every formula trigger', () => {
    for (const v of ['=1+1', '+1', '-1', '@x', '\tx', '\rx']) expect(neutraliseFormula(v)).toBe(`'${v}`)
    for (const v of ['سالم', 'a=b', '']) expect(neutraliseFormula(v)).toBe(v)
  })

  it('is admin-only', async () => {
    const shopper = await createUser(ctx.app)
    expect((await exportCsv('', {})).statusCode).toBe(401)
    expect((await exportCsv('', shopper.headers)).statusCode).toBe(403)
  })
})
