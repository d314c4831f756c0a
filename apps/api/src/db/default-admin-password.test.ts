import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../test/helpers.ts'
import { users } from './schema/users.ts'
import { DEFAULT_ADMIN_PASSWORD, seedDatabase } from './seed.ts'

// Decision 0123: the README prints the first admin's default password; /api/me says so until it is changed.
describe('the default admin password', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestApp()
  }, 60_000)
  afterAll(() => ctx.close())

  const signIn = async (email: string, password: string) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
    expect(res.statusCode).toBe(200)
    return res.json() as { token: string; user: { must_change_password?: boolean } }
  }
  const me = async (token: string) =>
    (
      await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } })
    ).json()

  it('is flagged on /api/me and at sign-in until the admin changes it, then never again', async () => {
    await seedDatabase(ctx.app.db, {
      adminEmail: 'Owner@Shop.test',
      adminPassword: DEFAULT_ADMIN_PASSWORD,
      demoOrders: false,
      catalogue: false,
    })
    const login = await signIn('owner@shop.test', DEFAULT_ADMIN_PASSWORD)
    expect(login.user.must_change_password).toBe(true)
    expect((await me(login.token)).must_change_password).toBe(true)

    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { authorization: `Bearer ${login.token}` },
      payload: {
        current_password: DEFAULT_ADMIN_PASSWORD,
        password: 'palm-grove-owner-2026',
        password_confirmation: 'palm-grove-owner-2026',
      },
    })
    expect(changed.statusCode).toBe(200)
    expect((await me(login.token)).must_change_password).toBe(false)
    // A restart (seed again) with the default still configured does not flag a changed password.
    await seedDatabase(ctx.app.db, {
      adminEmail: 'owner@shop.test',
      adminPassword: DEFAULT_ADMIN_PASSWORD,
      demoOrders: false,
      catalogue: false,
    })
    expect((await me(login.token)).must_change_password).toBe(false)
  })

  it('flags a shop seeded before the flag whose admin still has the default, on the next start', async () => {
    const [row] = await ctx.app.db.select().from(users).where(eq(users.email, 'owner@shop.test'))
    const { hashPassword } = await import('../lib/passwords.ts')
    await ctx.app.db
      .update(users)
      .set({ passwordHash: await hashPassword(DEFAULT_ADMIN_PASSWORD), mustChangePassword: false })
      .where(eq(users.id, row!.id))
    await seedDatabase(ctx.app.db, {
      adminEmail: 'owner@shop.test',
      adminPassword: DEFAULT_ADMIN_PASSWORD,
      demoOrders: false,
      catalogue: false,
    })
    const login = await signIn('owner@shop.test', DEFAULT_ADMIN_PASSWORD)
    expect(login.user.must_change_password).toBe(true)
  })

  it('is not flagged when ADMIN_PASSWORD was chosen on the first start', async () => {
    const other = await createTestApp()
    try {
      await seedDatabase(other.app.db, {
        adminEmail: 'boss@shop.test',
        adminPassword: 'a-chosen-pass-99',
        demoOrders: false,
        catalogue: false,
      })
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'boss@shop.test', password: 'a-chosen-pass-99' },
      })
      expect(res.json().user.must_change_password).toBe(false)
    } finally {
      await other.close()
    }
  })
})
