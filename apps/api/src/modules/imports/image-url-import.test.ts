import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_UPLOAD_BYTES } from '@shop/shared/schemas/imports'
import {
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
  packOf,
  productsWithPack,
} from '../../../test/helpers.ts'
import { multipartForm } from '../../../test/multipart.ts'
import { images, products } from '../../db/schema/catalog.ts'
import { fetchImage, ImageFetchError, isPrivateAddress, parseImageUrl } from './image-fetch.ts'

/** Decision 0118: the products import's `image_url` column, against a local server. */
describe('products import: image_url column', () => {
  let ctx: TestContext
  let admin: TestUser
  let server: Server
  let base: string
  let png: Buffer

  beforeAll(async () => {
    png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 150, b: 20 } },
    })
      .png()
      .toBuffer()
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1024, 0)
    server = createServer((req, res) => {
      switch (req.url) {
        case '/dates.png':
          res.writeHead(200, { 'content-type': 'image/png' }).end(png)
          return
        case '/moved.png':
          res.writeHead(302, { location: '/dates.png' }).end()
          return
        case '/loop':
          res.writeHead(302, { location: '/loop' }).end()
          return
        case '/page':
          res.writeHead(200, { 'content-type': 'text/html' }).end('<p>not a picture</p>')
          return
        case '/fake.png':
          res.writeHead(200, { 'content-type': 'image/png' }).end('not really a png')
          return
        case '/slow.png':
          // Answers the head and never the body: the time limit ends it.
          res.writeHead(200, { 'content-type': 'image/png' })
          res.write(png.subarray(0, 10))
          return
        case '/huge.png':
          // No content-length: the size is counted while reading.
          res.writeHead(200, { 'content-type': 'image/png', 'transfer-encoding': 'chunked' })
          res.end(big)
          return
        default:
          res.writeHead(404, { 'content-type': 'text/plain' }).end('missing')
      }
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    ctx = await createTestApp({ env: { IMPORT_IMAGE_PRIVATE_HOSTS: 'allow' } })
    admin = await createUser(ctx.app, 'admin')
  }, 60_000)
  afterAll(async () => {
    await ctx?.close()
    server?.closeAllConnections()
    await new Promise((resolve) => server?.close(resolve))
  })

  const importCsv = (csv: string, lang = 'en') => {
    const form = multipartForm({}, [
      {
        field: 'file',
        filename: 'products.csv',
        contentType: 'text/csv',
        data: Buffer.from(csv, 'utf8'),
      },
    ])
    return ctx.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { ...admin.headers, 'accept-language': lang, ...form.headers },
      payload: form.payload,
    })
  }

  it('sets the picture of good rows and reports every bad address as a row error', async () => {
    const kept = await createProduct(ctx.app, { name: 'منتج قائم', retailPrice: 20 })
    const csv = [
      'id,name,price,image_url',
      `,تمر بالصورة,10,${base}/dates.png`,
      `,تمر بعد تحويل,11,${base}/moved.png`,
      `,مفقود,12,${base}/missing.png`,
      `,صفحة,13,${base}/page`,
      `,ليست صورة,14,${base}/fake.png`,
      `,كبيرة,15,${base}/huge.png`,
      `,تحويلات,16,${base}/loop`,
      ',رابط سيئ,17,ftp://example.com/a.png',
      `${kept.id},منتج قائم,21,`,
      ',بدون صورة,18,',
    ].join('\n')
    const res = await importCsv(csv)
    expect(res.statusCode).toBe(200)
    const { summary } = res.json()
    expect(summary.created).toBe(3)
    expect(summary.updated).toBe(1)
    const byRow = Object.fromEntries(
      summary.errors.map((e: { row: number; error: string }) => [e.row, e.error]),
    )
    expect(byRow).toEqual({
      4: expect.stringContaining('could not be downloaded'),
      5: expect.stringContaining('does not lead to a JPEG'),
      6: expect.stringContaining('does not lead to a JPEG'),
      7: expect.stringContaining('too large (5 MB at most)'),
      8: expect.stringContaining('could not be downloaded'),
      9: expect.stringContaining('starting with http:// or https://'),
    })
    expect(byRow[4]).toMatch(/^image_url: /)

    const rows = await ctx.app.db.select().from(products)
    const named = (name: string) => rows.find((p) => p.name === name)
    const withImage = named('تمر بالصورة')!
    expect(withImage.imageId).toMatch(/^[a-f0-9]{32}$/)
    // The same picture through a redirect is the same stored image (content hash).
    expect(named('تمر بعد تحويل')!.imageId).toBe(withImage.imageId)
    expect(named('بدون صورة')!.imageId).toBeNull()
    for (const name of ['مفقود', 'صفحة', 'ليست صورة', 'كبيرة', 'تحويلات', 'رابط سيئ'])
      expect(named(name)).toBeUndefined()
    const stored = await ctx.app.db.select().from(images).where(eq(images.id, withImage.imageId!))
    expect(stored.map((i) => i.variant).sort()).toEqual(['large', 'small'])
    const served = await ctx.app.inject({ method: 'GET', url: `/api/images/${withImage.imageId}/small.webp` })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
  })

  it('an update with an image_url replaces the picture; an empty cell keeps it (Arabic errors)', async () => {
    const product = await createProduct(ctx.app, { name: 'عسل للصورة', retailPrice: 50 })
    const first = await importCsv(`id,name,price,image_url\n${product.id},عسل للصورة,50,${base}/dates.png\n`)
    expect(first.json().summary.errors).toEqual([])
    const [afterFirst] = await productsWithPack(ctx.app, eq(products.id, product.id))
    expect(afterFirst!.imageId).toMatch(/^[a-f0-9]{32}$/)
    const second = await importCsv(
      `id,name,price,image_url\n${product.id},عسل للصورة,55,\n,أخرى,1,${base}/missing.png\n`,
      'ar',
    )
    expect(second.json().summary.updated).toBe(1)
    expect(second.json().summary.errors).toEqual([
      { row: 3, error: 'image_url: تعذّر تنزيل الصورة من هذا العنوان (تحقق من أنه يفتح في المتصفح)' },
    ])
    const [afterSecond] = await productsWithPack(ctx.app, eq(products.id, product.id))
    expect(afterSecond!.imageId).toBe(afterFirst!.imageId)
    expect(await packOf(ctx.app, product.id)).toMatchObject({ retailPrice: 55 })
  })

  it('refuses loopback and private addresses unless IMPORT_IMAGE_PRIVATE_HOSTS=allow', async () => {
    const refused = async (url: string) => {
      const err = await fetchImage(parseImageUrl(url)!).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(ImageFetchError)
      return (err as ImageFetchError).reason
    }
    expect(await refused(`${base}/dates.png`)).toBe('image_url_refused')
    expect(await refused(`${base.replace('127.0.0.1', 'localhost')}/dates.png`)).toBe('image_url_refused')
    expect(await refused('http://[::1]:9/x.png')).toBe('image_url_refused')
    expect(await refused('http://169.254.169.254/latest/meta-data')).toBe('image_url_refused')
    expect(await fetchImage(parseImageUrl(`${base}/dates.png`)!, { allowPrivate: true })).toEqual(png)
    for (const address of ['10.1.2.3', '192.168.1.1', '172.16.5.5', '::ffff:127.0.0.1', 'fd00::1', 'fe80::1'])
      expect(isPrivateAddress(address), address).toBe(true)
    for (const address of ['8.8.8.8', '2606:4700:4700::1111'])
      expect(isPrivateAddress(address), address).toBe(false)
    const slow = await fetchImage(parseImageUrl(`${base}/slow.png`)!, {
      allowPrivate: true,
      timeoutMs: 300,
    }).catch((e: unknown) => e)
    expect((slow as ImageFetchError).reason).toBe('image_url_unreachable')
    expect(parseImageUrl('file:///etc/passwd')).toBeNull()
    expect(parseImageUrl('http://user:pass@example.com/a.png')).toBeNull()
  })
})
