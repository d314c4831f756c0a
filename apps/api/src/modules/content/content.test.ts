import { systemActor } from '../../domain/actor.ts'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMPTY_CONTENT, type StorefrontContent } from '@shop/shared/schemas/content'
import { createTestApp, createUser, type TestContext, type TestUser } from '../../../test/helpers.ts'
import { multipartForm } from '../../../test/multipart.ts'
import { seedContent } from '../../db/seed-content.ts'
import { seedDatabase } from '../../db/seed.ts'
import { getContent } from './content.service.ts'

// Decision 0125: the storefront's content, one document the owner edits (GET/PUT /api/content, pictures uploaded
// with POST /api/content/images), read by the pages on every load.

let ctx: TestContext
let admin: TestUser
let shopper: TestUser
beforeAll(async () => {
  ctx = await createTestApp()
  admin = await createUser(ctx.app, 'admin')
  shopper = await createUser(ctx.app)
})
afterAll(() => ctx.close())

const en = { 'accept-language': 'en' }
const put = (payload: unknown, headers: Record<string, string> = admin.headers) =>
  ctx.app.inject({ method: 'PUT', url: '/api/content', payload: payload as object, headers })
const get = () => ctx.app.inject({ method: 'GET', url: '/api/content', headers: admin.headers })
const png = () =>
  sharp({ create: { width: 300, height: 120, channels: 4, background: '#b45309' } })
    .png()
    .toBuffer()
const upload = async (headers: Record<string, string> = admin.headers, data?: Buffer) => {
  const form = multipartForm({}, [
    { field: 'image', filename: 'logo.png', contentType: 'image/png', data: data ?? (await png()) },
  ])
  return ctx.app.inject({
    method: 'POST',
    url: '/api/content/images',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  })
}

describe('permissions', () => {
  it('guests get 401 and shoppers 403 on every content call; nothing changes', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/content' },
      { method: 'PUT' as const, url: '/api/content', payload: seedContent },
    ]
    for (const call of calls) {
      const guest = await ctx.app.inject(call)
      expect(guest.statusCode).toBe(401)
      expect(guest.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'يرجى تسجيل الدخول للمتابعة' })
      const asShopper = await ctx.app.inject({ ...call, headers: { ...shopper.headers, ...en } })
      expect(asShopper.statusCode).toBe(403)
      expect(asShopper.json()).toEqual({
        code: 'FORBIDDEN',
        message: 'You do not have permission to do this',
      })
    }
    expect((await upload({})).statusCode).toBe(401)
    expect((await upload(shopper.headers)).statusCode).toBe(403)
    expect(await getContent(ctx.app.db)).toEqual(EMPTY_CONTENT)
  })
})

describe('GET and PUT /api/content', () => {
  it('reads as empty before anything was written, then gives back what was saved, in both languages', async () => {
    const empty = await get()
    expect(empty.statusCode).toBe(200)
    expect(empty.headers['cache-control']).toBe('no-store')
    expect(empty.json()).toEqual(EMPTY_CONTENT)

    const saved = await put(seedContent)
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toEqual(seedContent)
    expect((await get()).json()).toEqual(seedContent)
    expect(await getContent(ctx.app.db)).toEqual(seedContent)
  })

  it('removes a badge and edits the hero: the next read has exactly that', async () => {
    const current = (await get()).json() as StorefrontContent
    const edited: StorefrontContent = {
      ...current,
      hero: { ...current.hero, text: { ar: 'نص جديد', en: 'A new hero text' } },
      quality: {
        ...current.quality,
        badges: current.quality.badges.filter((b) => b.title.en !== 'ISO 22000'),
      },
    }
    expect((await put(edited)).statusCode).toBe(200)
    const read = (await get()).json() as StorefrontContent
    expect(read.hero.text.en).toBe('A new hero text')
    expect(read.quality.badges.map((b) => b.title.en)).toEqual([
      'Certified natural',
      'Pure honey',
      'Local quality award',
    ])
  })

  it('refuses bad content with translated messages on the field, and keeps what was saved', async () => {
    const before = await getContent(ctx.app.db)
    const cases: [unknown, string, string, string][] = [
      [
        { ...before, hero: { ...before.hero, title: { ar: '  ', en: 'x' } } },
        'hero.title.ar',
        'هذا الحقل مطلوب',
        'This field is required',
      ],
      [
        { ...before, about: { ...before.about, cards: Array(9).fill(before.about.cards[0]) } },
        'about.cards',
        'هذه القائمة أطول من المسموح',
        'This list is too long',
      ],
      [
        {
          ...before,
          quality: { ...before.quality, badges: [{ ...before.quality.badges[0], icon: 'skull' }] },
        },
        'quality.badges.0.icon',
        'قيمة غير صالحة',
        'Invalid value',
      ],
      [
        { ...before, footer_text: { ar: 'x'.repeat(301), en: '' } },
        'footer_text.ar',
        'هذا النص طويل جدًا',
        'This text is too long',
      ],
      [{ ...before, logo_image_id: '../../etc' }, 'logo_image_id', 'قيمة غير صالحة', 'Invalid value'],
      [
        { ...before, logo_image_id: 'abcdef0123456789abcdef0123456789' },
        'logo_image_id',
        'لم تُرفع هذه الصورة؛ ارفعها مرة أخرى',
        'This picture was not uploaded; upload it again',
      ],
      [
        { ...before, featured_product_ids: [999999] },
        'featured_product_ids.0',
        'هذا المنتج غير موجود',
        'This product does not exist',
      ],
    ]
    for (const [body, field, arText, enText] of cases) {
      const ar = await put(body)
      expect(ar.statusCode, field).toBe(422)
      expect(ar.json().code).toBe('VALIDATION_FAILED')
      expect(ar.json().errors[field], field).toEqual([arText])
      const enRes = await put(body, { ...admin.headers, ...en })
      expect(enRes.json().errors[field], field).toEqual([enText])
    }
    expect(await getContent(ctx.app.db)).toEqual(before)
    expect((await put({ hero: 'x' })).statusCode).toBe(422)
    const notJson = await ctx.app.inject({
      method: 'PUT',
      url: '/api/content',
      payload: '{"hero":',
      headers: { ...admin.headers, 'content-type': 'application/json' },
    })
    expect(notJson.statusCode).toBe(400)
  })
})

describe('the logo (decision 0126)', () => {
  it('uploads a picture through the image pipeline, saves it as the logo and serves it as page image, favicon and share image', async () => {
    const res = await upload()
    expect(res.statusCode).toBe(201)
    const { id, url } = res.json() as { id: string; url: string }
    expect(id).toMatch(/^[a-f0-9]{32}$/)
    expect(url).toBe(`/api/images/${id}/large.webp`)
    const current = await getContent(ctx.app.db)
    expect((await put({ ...current, logo_image_id: id })).statusCode).toBe(200)
    expect((await getContent(ctx.app.db)).logo_image_id).toBe(id)

    const icon = await ctx.app.inject({ method: 'GET', url: `/api/images/${id}/icon.png` })
    expect(icon.statusCode).toBe(200)
    expect(icon.headers['content-type']).toBe('image/png')
    const meta = await sharp(icon.rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 64, 64])
    const share = await ctx.app.inject({ method: 'GET', url: `/api/images/${id}/share.jpg` })
    expect(share.headers['content-type']).toBe('image/jpeg')
  })

  it('refuses a file that is not a picture (415) and a form without one (422), in the caller language', async () => {
    const bad = await upload({ ...admin.headers, ...en }, Buffer.from('<svg onload="alert(1)"></svg>'))
    expect(bad.statusCode).toBe(415)
    expect(bad.json().errors.image).toEqual(['The image must be a JPEG, PNG, WebP, GIF or AVIF picture'])
    const form = multipartForm({ other: 'x' })
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/images',
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    })
    expect(none.statusCode).toBe(422)
    expect(none.json().errors.image).toEqual(['هذا الحقل مطلوب'])
  })
})

describe('the seed (decision 0125)', () => {
  it("fills a new shop's content with the demo texts once, and never replaces the owner's", async () => {
    const fresh = await createTestApp()
    try {
      const options = { adminEmail: 'owner@farm.ly', adminPassword: 'a-long-password', demoOrders: false }
      await seedDatabase(fresh.app.db, options)
      expect(await getContent(fresh.app.db)).toEqual(seedContent)
      const mine = { ...seedContent, quality: { ...seedContent.quality, badges: [] } }
      await fresh.app.inject({ method: 'GET', url: '/api/health' })
      const { saveContent } = await import('./content.service.ts')
      await saveContent(fresh.app.db, systemActor('test'), mine)
      await seedDatabase(fresh.app.db, options)
      expect((await getContent(fresh.app.db)).quality.badges).toEqual([])
    } finally {
      await fresh.close()
    }
  })
})
