import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, createUser, type TestContext, type TestUser } from '../../test/helpers.ts'

// Found by the route fuzz on PostgreSQL: a NUL byte reached the database and came back as a 500.
describe('values the database refuses', () => {
  let ctx: TestContext
  let admin: TestUser
  beforeAll(async () => {
    ctx = await createTestApp()
    admin = await createUser(ctx.app, 'admin')
  })
  afterAll(() => ctx.close())

  it('searches with a NUL byte as if it were not there', async () => {
    for (const url of [
      '/api/users?search=%00',
      '/api/products?search=a%00b',
      '/api/orders?search=%00',
      '/api/cities?search=%00x',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: admin.headers })
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
    }
  })

  it('answers a NUL byte in a stored text with a 4xx, never a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: { ...admin.headers, 'accept-language': 'en' },
      payload: { name: 'تمر\u0000', description: 'x' },
    })
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
    expect(res.statusCode).toBeLessThan(500)
    expect(res.json().message).toBeTypeOf('string')
  })
})
