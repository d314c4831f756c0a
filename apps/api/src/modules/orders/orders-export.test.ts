import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCity, createProduct, createTestApp, createUser, type TestContext, type TestUser } from '../../../test/helpers.ts'
import { placeTestOrder } from '../../../test/orders.ts'
import { neutraliseFormula } from './orders-export.ts'

describe('orders: sales CSV export', () => {
  let ctx: TestContext
  let admin: TestUser
  beforeAll(async () => {
    ctx = await createTestApp()
    admin = await createUser(ctx.app, 'admin')
  })
  afterAll(() => ctx.close())

  const exportCsv = (query = '', headers: Record<string, string> = admin.headers) => ctx.app.inject({ method: 'GET', url: `/api/orders/export/csv${query}`, headers })

  it('exports completed orders as UTF-8 with BOM, CRLF, Arabic intact and formulas neutralised', async () => {
    const city = await createCity(ctx.app, { name: 'طرابلس-تصدير', deliveryPrice: 10 })
    const p = await createProduct(ctx.app, { retailPrice: 20, retailBuyingPrice: 12 })
    const evil = await placeTestOrder(ctx.app, {
      cityId: city.id,
      items: [{ product_id: p.id, quantity: 2 }],
      customer: { customer_name: '=HYPERLINK("http://x","اضغط")', customer_phone: '+218911234567', shipping_address: '@SUM(1)' },
      status: 'completed',
      createdAt: new Date('2024-05-10T10:00:00Z'),
    })
    await placeTestOrder(ctx.app, { cityId: city.id, items: [{ product_id: p.id, quantity: 1 }], customer: { customer_name: 'معلق' }, createdAt: new Date('2024-05-10T11:00:00Z') })
    const res = await exportCsv('?from=2024-05-01&to=2024-05-31')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/)
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales_2024-05-01_2024-05-31.csv"')
    const raw = res.rawPayload
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = raw.subarray(3).toString('utf8')
    const lines = text.split('\r\n').filter(Boolean)
    expect(text).not.toMatch(/[^\r]\n/)
    expect(lines[0]).toBe('order_number,date,customer_name,customer_email,customer_phone,city,payment_method,order_status,payment_status,subtotal,delivery_price,total_amount,profit')
    // Only the completed order (status defaults to completed).
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(evil.order_number)
    expect(lines[1]).toContain('2024-05-10 12:00') // 10:00 UTC is noon in Tripoli
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"",""اضغط"")"`)
    expect(lines[1]).toContain("'+218911234567")
    expect(lines[1]).toContain('طرابلس-تصدير')
    expect(lines[1]).toMatch(/,40\.00,10\.00,50\.00,16\.00$/)
    const all = await exportCsv('?status=all&from=2024-05-10&to=2024-05-10')
    expect(all.rawPayload.subarray(3).toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(3)
  })

  it('names the file with "all" for open ends and validates the query', async () => {
    const res = await exportCsv()
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales_all_all.csv"')
    expect((await exportCsv('?from=2024-01-01')).headers['content-disposition']).toBe('attachment; filename="sales_2024-01-01_all.csv"')
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
