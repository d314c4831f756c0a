import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, createUser, type TestContext, type TestUser } from '../../../test/helpers.ts'
import { images } from '../../db/schema/catalog.ts'
import { multipartForm, type FormFile } from '../../../test/multipart.ts'
import { storeImage } from '../../domain/images.ts'

describe('product images', () => {
  let ctx: TestContext
  let admin: TestUser
  beforeAll(async () => {
    ctx = await createTestApp()
    admin = await createUser(ctx.app, 'admin')
  })
  afterAll(() => ctx.close())

  const upload = (file: FormFile) => {
    const form = multipartForm({ name: 'صورة', description: 'وصف', price: '10' }, [file])
    return ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...admin.headers, 'accept-language': 'en', ...form.headers },
      payload: form.payload,
    })
  }
  const imageCount = async () => (await ctx.app.db.select({ id: images.id }).from(images)).length

  it('serves a stored image as WebP with a one-year immutable cache', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#15803d' } })
      .jpeg()
      .toBuffer()
    const id = await storeImage(ctx.app.db, jpeg)
    expect(id).toMatch(/^[a-f0-9]{32}$/)
    for (const variant of ['large', 'small']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/images/${id}/${variant}.webp` })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/webp')
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect((await sharp(res.rawPayload).metadata()).format).toBe('webp')
    }
  })

  it('answers unknown or malformed image addresses with a JSON 404, never a 500', async () => {
    for (const url of [
      '/api/images/0123456789abcdef0123456789abcdef/large.webp',
      '/api/images/abc/huge.webp',
      "/api/images/'%20or%201=1/large.webp",
      '/api/images/..%2F..%2Fetc/small.webp',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' })
    }
  })

  it('refuses files that are not raster images by content, whatever their name or type (415)', async () => {
    const before = await imageCount()
    const fakes: FormFile[] = [
      {
        field: 'image',
        filename: 'photo.png',
        contentType: 'image/png',
        data: Buffer.from('just some text, not a picture'),
      },
      {
        field: 'image',
        filename: 'logo.svg',
        contentType: 'image/svg+xml',
        data: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
        ),
      },
      {
        field: 'image',
        filename: 'page.png',
        contentType: 'image/png',
        data: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      },
    ]
    for (const file of fakes) {
      const res = await upload(file)
      expect(res.statusCode).toBe(415)
      expect(res.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'The image must be a JPEG, PNG, WebP, GIF or AVIF picture',
      })
    }
    expect(await imageCount()).toBe(before)
  })

  it('refuses an image over 5 MB with 413', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0x41)
    const res = await upload({ field: 'image', filename: 'big.png', contentType: 'image/png', data: big })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file is too large (5 MB at most)',
    })
  })

  it('refuses a picture of more than 40 megapixels as too large (413), not as the wrong type, and creates no product', async () => {
    const before = await imageCount()
    // 8000 × 8000 px of one colour: a small file that would take 192 MB to decode.
    const huge = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    const res = await upload({ field: 'image', filename: 'scan.png', contentType: 'image/png', data: huge })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The image is too large (40 megapixels at most)',
      errors: { image: ['The image is too large (40 megapixels at most)'] },
    })
    expect(await imageCount()).toBe(before)
  })

  it('answers a JSON body over 1 MB with 413 naming the request, not a file', async () => {
    const payload = JSON.stringify({ name: 'x'.repeat(1_100_000), description: 'وصف', price: 10 })
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: { ...admin.headers, 'content-type': 'application/json', 'accept-language': 'ar' },
      payload,
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'الطلب كبير جدًا (1 ميغابايت كحد أقصى)',
    })
  })

  it('names a stored upload by its content, never by the client file name', async () => {
    const png = await sharp({ create: { width: 50, height: 50, channels: 4, background: '#fde68a' } })
      .png()
      .toBuffer()
    const res = await upload({
      field: 'image',
      filename: '../../../../tmp/evil name.png',
      contentType: 'application/octet-stream',
      data: png,
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().image_url).toMatch(/^\/api\/images\/[a-f0-9]{32}\/large\.webp$/)
  })
})
