import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'csv-parse/sync'
import { count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { createCity, createProduct, createUser, type TestContext, type TestUser } from '../helpers.ts'
import { products } from '../../src/db/schema/catalog.ts'
import { cities } from '../../src/db/schema/cities.ts'
import { orders } from '../../src/db/schema/orders.ts'
import { createAppWithRoutes, type RegisteredRoute } from './route-access.ts'
import { multipart, type Part } from '../multipart.ts'

// security.md "Bad input": uploads through the real endpoints, CSV import and every CSV export, XSS payloads as data.
const XSS = '<img src=x onerror=alert(1)>'
const MB = 1024 * 1024
const productFields: Part[] = [
  { name: 'name', value: 'تمر برحي' },
  { name: 'description', value: 'تمر طازج' },
  { name: 'price', value: '25' },
  { name: 'stock', value: '5' },
]

describe('uploads, CSV and XSS payloads', () => {
  let ctx: TestContext
  let routes: RegisteredRoute[]
  let admin: TestUser
  let png: Buffer

  beforeAll(async () => {
    ;({ ctx, routes } = await createAppWithRoutes())
    admin = await createUser(ctx.app, 'admin')
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#b45309' } })
      .png()
      .toBuffer()
  })
  afterAll(() => ctx?.close())

  const productCount = async () => (await ctx.app.db.select({ n: count() }).from(products))[0]!.n
  const upload = (url: string, parts: Part[]) => {
    const { payload, headers } = multipart(parts)
    return ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...admin.headers, ...headers, 'accept-language': 'en' },
      payload,
    })
  }

  describe('product images', () => {
    const refused: [string, () => Part][] = [
      [
        'a text file named .png',
        () => ({
          name: 'image',
          value: 'just some text, not an image',
          filename: 'photo.png',
          contentType: 'image/png',
        }),
      ],
      [
        'an SVG with a script',
        () => ({
          name: 'image',
          value: `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script><rect width="10" height="10"/></svg>`,
          filename: 'logo.svg',
          contentType: 'image/svg+xml',
        }),
      ],
      [
        'HTML disguised as PNG',
        () => ({
          name: 'image',
          value: '<!doctype html><html><script>alert(document.cookie)</script></html>',
          filename: 'cute.png',
          contentType: 'image/png',
        }),
      ],
      [
        'a PNG signature followed by HTML',
        () => ({
          name: 'image',
          value: Buffer.concat([
            Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
            Buffer.from('<script>alert(1)</script>'),
          ]),
          filename: 'x.png',
          contentType: 'image/png',
        }),
      ],
    ]
    for (const [what, part] of refused) {
      it(`refuses ${what} with 415/422 and creates no product`, async () => {
        const before = await productCount()
        const res = await upload('/api/products', [...productFields, part()])
        expect([415, 422]).toContain(res.statusCode)
        expect(res.json().code).toEqual(expect.any(String))
        expect(await productCount()).toBe(before)
      })
    }

    it('refuses an image over 5 MB with 413 and creates no product', async () => {
      const before = await productCount()
      const big = Buffer.concat([png, Buffer.alloc(5 * MB + 1000, 7)])
      const res = await upload('/api/products', [
        ...productFields,
        { name: 'image', value: big, filename: 'big.png', contentType: 'image/png' },
      ])
      expect(res.statusCode).toBe(413)
      expect(await productCount()).toBe(before)
    })

    it('stores a real image under a server-generated id, whatever the file name says', async () => {
      const res = await upload('/api/products', [
        ...productFields,
        { name: 'image', value: png, filename: '../../../etc/passwd.png', contentType: 'text/html' },
      ])
      expect(res.statusCode).toBe(201)
      const url: string = res.json().image_url
      expect(url).toMatch(/^\/api\/images\/[A-Za-z0-9_-]{16,}\/large\.webp$/)
      expect(url).not.toMatch(/passwd|\.\./)
      const image = await ctx.app.inject({ method: 'GET', url })
      expect(image.statusCode).toBe(200)
      expect(image.headers['content-type']).toBe('image/webp')
      expect(image.headers['x-content-type-options']).toBe('nosniff')
      expect((await sharp(image.rawPayload).metadata()).format).toBe('webp')
      // Update with a traversal name through POST /products/:id (_method=PUT) as well.
      const id = res.json().id as number
      const upd = await upload(`/api/products/${id}`, [
        ...productFields,
        { name: '_method', value: 'PUT' },
        { name: 'image', value: png, filename: '..\\..\\win.ini', contentType: 'image/png' },
      ])
      expect(upd.statusCode).toBe(200)
      expect(upd.json().image_url).toMatch(/^\/api\/images\/[A-Za-z0-9_-]{16,}\/large\.webp$/)
    })

    it('does not serve image paths outside the images table', async () => {
      for (const url of [
        '/api/images/..%2F..%2Fpackage.json/large.webp',
        '/api/images/x/..%2F..%2F..%2Fetc%2Fpasswd',
        '/api/images/%2e%2e/large.webp',
      ]) {
        const res = await ctx.app.inject({ method: 'GET', url })
        expect([400, 404, 422], url).toContain(res.statusCode)
        expect(res.body, url).not.toContain('root:')
        expect(res.body, url).not.toContain('"name"')
      }
    })
  })

  describe('CSV imports', () => {
    const csvFile = (value: string | Buffer, filename = 'cities.csv'): Part => ({
      name: 'file',
      value,
      filename,
      contentType: 'text/csv',
    })
    const cityCount = async () => (await ctx.app.db.select({ n: count() }).from(cities))[0]!.n

    it('refuses missing columns with 422 naming them', async () => {
      const res = await upload('/api/cities/import', [csvFile('city,price\nطرابلس,10\n')])
      expect(res.statusCode).toBe(422)
      expect(res.json()).toMatchObject({
        missing_columns: expect.arrayContaining(['name', 'delivery_price']),
        found_columns: ['city', 'price'],
      })
      const prod = await upload('/api/products/import', [csvFile('title\nتمر\n', 'products.csv')])
      expect(prod.statusCode).toBe(422)
      expect(prod.json().missing_columns).toEqual(expect.arrayContaining(['name', 'price']))
    })

    it('reports wrong types by row and imports nothing bad', async () => {
      const before = await cityCount()
      const res = await upload('/api/cities/import', [
        csvFile('name,delivery_price\nمدينة جيدة,10\nمدينة سيئة,abc\nمدينة سالبة,-5\n,7\n'),
      ])
      expect(res.statusCode).toBe(200)
      const summary = res.json().summary
      expect(summary.created).toBe(1)
      expect(summary.errors.map((e: { row: number }) => e.row).sort()).toEqual([3, 4, 5])
      expect(await cityCount()).toBe(before + 1)
      const [bad] = await ctx.app.db.select().from(cities).where(eq(cities.name, 'مدينة سيئة'))
      expect(bad).toBeUndefined()
    })

    it('refuses Windows-1256 / broken encodings and binary files instead of importing garbled text', async () => {
      const before = await cityCount()
      // "تمر" in Windows-1256 (an Excel "CSV (Arabic)" export): not valid UTF-8.
      const cp1256 = Buffer.concat([
        Buffer.from('name,delivery_price\n'),
        Buffer.from([0xca, 0xe3, 0xd1]),
        Buffer.from(',10\n'),
      ])
      for (const file of [cp1256, Buffer.from([0xff, 0xfe, 0x6e, 0x00, 0x61, 0x00]), png]) {
        const res = await upload('/api/cities/import', [csvFile(file)])
        expect([415, 422]).toContain(res.statusCode)
      }
      const notCsv = await upload('/api/cities/import', [csvFile('name,delivery_price\nx,1\n', 'cities.exe')])
      expect([415, 422]).toContain(notCsv.statusCode)
      expect(await cityCount()).toBe(before)
    })

    it('refuses a CSV over 5 MB with 413', async () => {
      const row = 'مدينة,10\n'
      const big = 'name,delivery_price\n' + row.repeat(Math.ceil((5 * MB) / Buffer.byteLength(row)) + 10)
      const res = await upload('/api/cities/import', [csvFile(big)])
      expect(res.statusCode).toBe(413)
    })
  })

  describe('CSV exports', () => {
    const FORMULA = /^[=+\-@\t\r]/
    const SHOP_PHONE = /^="\+?[\d\s\-()]+"$/
    const payloads = ['=HYPERLINK("http://evil","x")', '+1+cmd|calc', '-2+3', '@SUM(A1)', '\t=1', '=1+1']

    it('neutralises formula cells (= + - @) in every CSV the API exports', async () => {
      const city = await createCity(ctx.app, { name: '=city()' })
      const product = await createProduct(ctx.app, { name: '@product', stock: 100 })
      for (const [i, p] of payloads.entries()) {
        await ctx.app.db.insert(orders).values({
          orderNumber: `ORD-CSV-${i}`,
          customerName: p,
          customerEmail: `${i}@example.ly`,
          customerPhone: '+218912345678',
          shippingAddress: p,
          cityId: city.id,
          cityName: city.name,
          notes: p,
          orderStatus: 'completed',
          subtotal: 10,
          totalAmount: 10,
        })
      }
      void product
      // Every GET route that answers CSV: the order export and the sample files, found from the route list.
      const csvRoutes = routes.filter((r) => r.method === 'GET' && /csv|sample|export/.test(r.url))
      expect(csvRoutes.map((r) => r.url)).toEqual(
        expect.arrayContaining([
          '/api/orders/export/csv',
          '/api/products/import/sample',
          '/api/cities/import/sample',
        ]),
      )
      for (const route of csvRoutes) {
        const url = route.url === '/api/orders/export/csv' ? `${route.url}?status=all` : route.url
        const res = await ctx.app.inject({ method: 'GET', url, headers: admin.headers })
        expect(res.statusCode, url).toBe(200)
        expect(String(res.headers['content-type']), url).toMatch(/text\/csv/)
        const rows = parse(res.body.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][]
        // Decision 0131: the one formula the shop writes itself, a phone as a string literal of its digits.
        const dangerous = rows.flat().filter((cell) => FORMULA.test(cell) && !SHOP_PHONE.test(cell))
        expect(dangerous, url).toEqual([])
        if (route.url === '/api/orders/export/csv') {
          // The values are kept (prefixed with '), not dropped.
          for (const p of payloads) expect(rows.flat(), p).toContain(`'${p}`)
        }
      }
    })
  })

  describe('XSS payloads are data, not markup', () => {
    it('stores product, category, city and customer names verbatim and returns them as JSON text', async () => {
      const h = { ...admin.headers, 'accept-language': 'en' }
      const category = await ctx.app.inject({
        method: 'POST',
        url: '/api/categories',
        headers: h,
        payload: { name: XSS, description: XSS },
      })
      expect(category.statusCode).toBe(201)
      const product = await ctx.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: h,
        payload: { name: XSS, description: XSS, price: 10, stock: 5, category_id: category.json().id },
      })
      expect(product.statusCode).toBe(201)
      const city = await ctx.app.inject({
        method: 'POST',
        url: '/api/cities',
        headers: h,
        payload: { name: XSS, delivery_price: 5 },
      })
      expect([200, 201]).toContain(city.statusCode)
      const order = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'idempotency-key': 'xss-order-0001' },
        payload: {
          customer_name: XSS,
          customer_email: 'xss@example.ly',
          customer_phone: '0912345678',
          shipping_address: XSS,
          notes: XSS,
          city_id: city.json().id,
          items: [{ product_id: product.json().id, quantity: 1 }],
        },
      })
      expect(order.statusCode).toBe(201)

      const reads = [
        `/api/products/${product.json().id}`,
        `/api/products?search=${encodeURIComponent('img')}`,
        '/api/categories',
        '/api/cities',
        `/api/orders/${order.json().id}`,
        '/api/orders?status=all',
        '/api/dashboard/stats',
      ]
      for (const url of reads) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: admin.headers })
        expect(res.statusCode, url).toBe(200)
        expect(String(res.headers['content-type']), url).toMatch(/^application\/json/)
        // Verbatim: neither escaped to &lt; nor stripped — the browser renders it as text (React escapes).
        expect(res.body, url).toContain(JSON.stringify(XSS).slice(1, -1))
        expect(res.body, url).not.toContain('&lt;img')
      }
      expect(order.json().customer_name).toBe(XSS)
      expect(order.json().items[0].product_name).toBe(XSS)
    })
  })
})
