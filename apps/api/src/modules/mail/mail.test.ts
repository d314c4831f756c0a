import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStaff, createTestApp, createUser, type TestContext } from '../../../test/helpers.ts'
import { startSmtp } from '../../../test/smtp.ts'

const en = { 'accept-language': 'en' }

describe('mail without SMTP_URL (issue 39)', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestApp()
  })
  afterAll(() => ctx.close())

  const status = (headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: '/api/mail/status', headers })
  const test = (headers: Record<string, string>, payload: Record<string, unknown> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/mail/test', headers, payload })

  it('tells every staff member that mail is not set up, with the mails kept unsent; refuses guests and shoppers', async () => {
    expect((await status()).statusCode).toBe(401)
    const shopper = await createUser(ctx.app)
    expect((await status(shopper.headers)).statusCode).toBe(403)
    const clerk = await createStaff(ctx.app, 'order_clerk')
    const owner = await createUser(ctx.app, 'super_admin')
    const invited = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/invitations',
      headers: owner.headers,
      payload: { email: 'clerk-nomail@example.ly', name: 'Salma', role: 'order_clerk' },
    })
    expect(invited.statusCode).toBe(201)
    const res = await status(clerk.headers)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ state: 'not_configured', last_error: null, last_error_at: null })
    expect(res.json().unsent).toBeGreaterThanOrEqual(1)
  })

  it('answers the test mail with "not set up" in the caller\'s language and sends nothing; settings.manage only', async () => {
    const clerk = await createStaff(ctx.app, 'order_clerk')
    expect((await test(clerk.headers)).statusCode).toBe(403)
    expect((await ctx.app.inject({ method: 'POST', url: '/api/mail/test', payload: {} })).statusCode).toBe(
      401,
    )
    const owner = await createUser(ctx.app, 'super_admin')
    const before = (await status(owner.headers)).json().unsent
    const res = await test({ ...owner.headers, ...en })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      outcome: 'not_configured',
      to: owner.email,
      error: null,
      message: `Mail is not set up (SMTP_URL), so no mail leaves the shop. Nothing was sent to ${owner.email}`,
    })
    const ar = await test(owner.headers, { to: 'someone@example.ly' })
    expect(ar.json().message).toBe(
      'البريد غير مُعدّ (SMTP_URL)، فلا يخرج أي بريد من المتجر. لم يُرسل شيء إلى someone@example.ly',
    )
    expect((await status(owner.headers)).json().unsent).toBe(before)
    const bad = await test({ ...owner.headers, ...en }, { to: 'not an address' })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toEqual({ to: ['Invalid email address'] })
  })

  it('answers the invitation link once to the owner who invited; inviting again answers a new one and ends the old', async () => {
    const owner = await createUser(ctx.app, 'super_admin')
    const invite = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/staff/invitations',
        headers: owner.headers,
        payload: { email: 'link-copy@example.ly', name: 'Huda', role: 'order_clerk' },
      })
    const first = await invite()
    expect(first.statusCode).toBe(201)
    const url = first.json().invitation_url as string
    expect(url).toMatch(/^http:\/\/shop\.test\/invitation\/[A-Za-z0-9_-]{20,}$/)
    const token = (u: string) => decodeURIComponent(u.split('/invitation/')[1]!)
    const opened = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/invitation/${token(url)}`,
      headers: en,
    })
    expect(opened.statusCode).toBe(200)
    expect(opened.json()).toMatchObject({ name: 'Huda', email: 'link-copy@example.ly' })
    // The team list never shows it again: only the hash is kept.
    const list = await ctx.app.inject({ method: 'GET', url: '/api/staff', headers: owner.headers })
    expect(JSON.stringify(list.json())).not.toContain(token(url))
    const again = await invite()
    expect(again.statusCode).toBe(200)
    const renewed = again.json().invitation_url as string
    expect(renewed).not.toBe(url)
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/auth/invitation/${token(url)}` })).statusCode,
    ).toBe(404)
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/auth/invitation/${token(renewed)}` })).statusCode,
    ).toBe(200)
  })
})

describe('mail with SMTP_URL (issue 39)', () => {
  let ctx: TestContext
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  beforeAll(async () => {
    smtp = await startSmtp()
    ctx = await createTestApp({ env: { SMTP_URL: smtp.url } })
  })
  afterAll(async () => {
    await ctx.close()
    await smtp.close()
  })

  it('sends the test mail, says failing with the SMTP error and when, and working again once a mail leaves', async () => {
    const owner = await createUser(ctx.app, 'super_admin')
    const clerk = await createStaff(ctx.app, 'order_clerk')
    const status = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/mail/status', headers: clerk.headers })).json()
    const test = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/mail/test',
        headers: { ...owner.headers, ...en },
        payload: {},
      })

    expect(await status()).toMatchObject({ state: 'working', last_error: null })
    // The storefront may promise mail (without SMTP_URL settings.test.ts sees false).
    const pub = await ctx.app.inject({ method: 'GET', url: '/api/settings/public' })
    expect(pub.json().mail_enabled).toBe(true)
    const sent = await test()
    expect(sent.json()).toMatchObject({
      outcome: 'sent',
      to: owner.email,
      error: null,
      message: `The test mail was sent to ${owner.email}. Check that it arrived (and the spam folder)`,
    })
    expect(smtp.to(owner.email)).toHaveLength(1)
    expect((await status()).last_sent_at).not.toBeNull()

    smtp.state.down = true
    const before = Date.now()
    const failed = await test()
    expect(failed.statusCode).toBe(200)
    expect(failed.json().outcome).toBe('failed')
    expect(failed.json().error).toContain('mail server busy, try later')
    expect(failed.json().message).toContain('The mail server answered:')
    const failing = await status()
    expect(failing.state).toBe('failing')
    expect(failing.last_error).toContain('mail server busy, try later')
    expect(new Date(failing.last_error_at).getTime()).toBeGreaterThanOrEqual(before - 1000)
    // The failed test mail is not retried behind the owner's back.
    expect(await ctx.app.mailer.deliverDue()).toBe(0)

    smtp.state.down = false
    expect((await test()).json().outcome).toBe('sent')
    expect(await status()).toMatchObject({ state: 'working', last_error: null, last_error_at: null })
    expect(smtp.to(owner.email)).toHaveLength(2)
  })
})
