import { and, desc, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../db/schema/settings.ts'
import { auditLog, staffRoles } from '../../db/schema/team.ts'
import { passwordResets, users } from '../../db/schema/users.ts'
import { createTestApp, createUser, type TestContext, type TestUser } from '../../../test/helpers.ts'

let ctx: TestContext
let owner: TestUser
let manager: TestUser
let shopper: TestUser
beforeAll(async () => {
  ctx = await createTestApp()
  owner = await createUser(ctx.app, 'super_admin', { name: 'Salma Owner' })
  manager = await createUser(ctx.app, 'admin', { name: 'Mansour Manager' })
  shopper = await createUser(ctx.app)
})
afterAll(() => ctx.close())

const en = { 'accept-language': 'en' }
let counter = 0
const freshEmail = (what = 'staff') => `${what}-${Date.now().toString(36)}-${counter++}@example.ly`
let ip = 1
const login = (email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: `10.30.0.${ip++}`,
  })
const invite = (by: TestUser, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/staff/invitations',
    payload,
    headers: { ...by.headers, ...headers },
  })
const patch = (
  by: TestUser,
  id: number,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/staff/${id}`,
    payload,
    headers: { ...by.headers, ...headers },
  })
const accept = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/accept-invitation', payload, headers })
const staffList = (by: TestUser) => ctx.app.inject({ method: 'GET', url: '/api/staff', headers: by.headers })

/** The newest mail to `email` and the invitation link in it, read as the invitee reads their inbox. */
async function invitationMailTo(email: string) {
  const [mail] = await ctx.app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1)
  expect(mail, `a mail to ${email}`).toBeDefined()
  const link = /http:\/\/shop\.test\/invitation\/(\S+)/.exec(mail!.text)
  expect(link, 'an invitation link').not.toBeNull()
  return { mail: mail!, link: link![0], token: decodeURIComponent(link![1]!) }
}

async function auditOf(entityId: number) {
  return ctx.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'staff'), eq(auditLog.entityId, String(entityId))))
    .orderBy(auditLog.id)
}

async function invited(role: unknown = 'order_clerk', name = 'Khalid Clerk') {
  const email = freshEmail()
  const res = await invite(owner, { email, name, role })
  expect(res.statusCode).toBe(201)
  const { token } = await invitationMailTo(email)
  return { email, member: res.json(), token }
}

const password = 'olive-harvest-22'

describe('POST /api/staff/invitations → POST /api/auth/accept-invitation', () => {
  it('creates a pending account, mails a working link, and the link signs the new clerk in', async () => {
    const email = freshEmail('Clerk')
    const res = await invite(
      owner,
      { email: `  ${email.toUpperCase()} `, name: 'Khalid', role: 'order_clerk' },
      en,
    )
    expect(res.statusCode).toBe(201)
    const member = res.json()
    expect(member).toMatchObject({
      email: email.toLowerCase(),
      name: 'Khalid',
      role: 'admin',
      staff_role: { key: 'order_clerk', name: 'Order clerk' },
      is_active: true,
      invitation_pending: true,
      last_seen_at: null,
    })
    const hours = (new Date(member.invitation_expires_at).getTime() - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(71.9)
    expect(hours).toBeLessThanOrEqual(72)

    // The mail names the shop, who invited, the role and how long the link works, in both languages.
    const { mail, token, link } = await invitationMailTo(email.toLowerCase())
    expect(mail.subject).toMatch(/Join the .+ team/)
    expect(mail.text).toContain('Salma Owner')
    expect(mail.text).toContain('Order clerk')
    expect(mail.text).toContain('3 days')
    expect(mail.text).toContain('3 أيام')
    expect(link).toBe(`http://shop.test/invitation/${token}`)
    // Stored hashed, as an invitation.
    const [row] = await ctx.app.db.select().from(passwordResets).where(eq(passwordResets.userId, member.id))
    expect(row!.purpose).toBe('invitation')
    expect(row!.tokenHash).not.toBe(token)

    // Until the link is used nobody can sign in to the account.
    expect((await login(email, password)).statusCode).toBe(401)

    const info = await ctx.app.inject({ method: 'GET', url: `/api/auth/invitation/${token}`, headers: en })
    expect(info.statusCode).toBe(200)
    expect(info.json()).toMatchObject({
      name: 'Khalid',
      email: email.toLowerCase(),
      role_name: 'Order clerk',
      invited_by: 'Salma Owner',
    })

    const accepted = await accept({ token, password, password_confirmation: password })
    expect(accepted.statusCode).toBe(200)
    const { token: session, user } = accepted.json()
    expect(user).toMatchObject({ email: email.toLowerCase(), is_admin: true, role: 'admin' })
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${session}` },
    })
    expect(me.statusCode).toBe(200)
    expect((await login(email, password)).statusCode).toBe(200)

    const listed = (await staffList(owner)).json().data.find((m: { id: number }) => m.id === member.id)
    expect(listed).toMatchObject({ invitation_pending: false, invitation_expires_at: null })
    expect(listed.last_seen_at).not.toBeNull()

    const trail = await auditOf(member.id)
    expect(trail.map((r) => r.action)).toEqual(['staff.invited', 'staff.invitation_accepted'])
    expect(trail[0]).toMatchObject({ actorKind: 'staff', actorUserId: owner.id, actorName: 'Salma Owner' })
    expect(trail[0]!.after).toMatchObject({ email: email.toLowerCase(), staff_role: 'order_clerk' })
    expect(trail[1]).toMatchObject({ actorKind: 'staff', actorUserId: member.id })
  })

  it('refuses a used link, a link of a replaced invitation and an expired one, translated', async () => {
    const { token, email } = await invited()
    expect((await accept({ token, password, password_confirmation: password })).statusCode).toBe(200)
    const reused = await accept(
      { token, password: 'another-pass-9', password_confirmation: 'another-pass-9' },
      en,
    )
    expect(reused.statusCode).toBe(422)
    expect(reused.json()).toMatchObject({
      code: 'INVALID_INVITATION',
      message: 'This invitation link is not valid or was already used',
    })
    expect((await login(email, 'another-pass-9')).statusCode).toBe(401)
    const info = await ctx.app.inject({ method: 'GET', url: `/api/auth/invitation/${token}` })
    expect(info.statusCode).toBe(404)
    expect(info.json().message).toBe('رابط الدعوة هذا غير صالح أو استُخدم من قبل')

    // Inviting again while pending sends a fresh link; the first one dies.
    const second = await invited('catalogue_editor', 'Huda')
    const again = await invite(owner, { email: second.email, name: 'Huda Ali', role: 'accountant' })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({
      id: second.member.id,
      name: 'Huda Ali',
      staff_role: { key: 'accountant' },
    })
    const fresh = await invitationMailTo(second.email)
    expect(fresh.token).not.toBe(second.token)
    expect(
      (await accept({ token: second.token, password, password_confirmation: password })).statusCode,
    ).toBe(422)
    expect((await auditOf(second.member.id)).map((r) => r.action)).toContain('staff.invitation_resent')

    // Expired: 410 with its own message, on the page and on the form.
    await ctx.app.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, second.member.id))
    const expired = await accept({ token: fresh.token, password, password_confirmation: password }, en)
    expect(expired.statusCode).toBe(410)
    expect(expired.json()).toMatchObject({
      code: 'INVITATION_EXPIRED',
      message: 'This invitation has expired. Ask the shop owner to send a new one',
    })
    const page = await ctx.app.inject({ method: 'GET', url: `/api/auth/invitation/${fresh.token}` })
    expect(page.statusCode).toBe(410)
    // The owner sees it still pending (expired) and can send a new one.
    const listed = (await staffList(owner)).json().data.find((m: { id: number }) => m.id === second.member.id)
    expect(listed.invitation_pending).toBe(true)
    expect(new Date(listed.invitation_expires_at).getTime()).toBeLessThan(Date.now())
    expect(
      (await invite(owner, { email: second.email, name: 'Huda Ali', role: 'accountant' })).statusCode,
    ).toBe(200)
  })

  it('an invitation link is not a reset link', async () => {
    const { token, email } = await invited()
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email, token, password, password_confirmation: password },
    })
    expect(res.statusCode).toBe(422)
    expect((await login(email, password)).statusCode).toBe(401)
  })

  it('makes an owner a super_admin and takes a custom role by id', async () => {
    const ownerRes = await invite(owner, { email: freshEmail(), name: 'Second Owner', role: 'owner' })
    expect(ownerRes.statusCode).toBe(201)
    expect(ownerRes.json()).toMatchObject({ role: 'super_admin', staff_role: { key: 'owner' } })

    const [custom] = await ctx.app.db
      .insert(staffRoles)
      .values({ nameAr: 'مغلّف', nameEn: 'Packer', permissions: ['orders.view'] })
      .returning()
    const res = await invite(owner, { email: freshEmail(), name: 'Packer One', role: custom!.id }, en)
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      role: 'admin',
      staff_role: { id: custom!.id, key: null, name: 'Packer' },
    })
    const { token } = await invitationMailTo(res.json().email)
    const signedIn = (await accept({ token, password, password_confirmation: password })).json()
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/staff',
      headers: { authorization: `Bearer ${signedIn.token}` },
    })
    expect(me.statusCode).toBe(403)
  })

  it('refuses emails of customers and of active staff with translated 409s', async () => {
    const customer = await invite(owner, { email: shopper.email, name: 'Someone', role: 'order_clerk' }, en)
    expect(customer.statusCode).toBe(409)
    expect(customer.json()).toMatchObject({
      code: 'EMAIL_IS_SHOPPER',
      errors: {
        email: [
          'This email belongs to a customer account. Invite the staff member with another (work) email',
        ],
      },
    })
    const staff = await invite(owner, {
      email: manager.email.toUpperCase(),
      name: 'Someone',
      role: 'order_clerk',
    })
    expect(staff.statusCode).toBe(409)
    expect(staff.json()).toMatchObject({
      code: 'ALREADY_STAFF',
      message: 'هذا البريد الإلكتروني لعضو في الفريق بالفعل',
    })
    // Nothing changed for them, and no mail went out.
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, shopper.id))
    expect(row!.role).toBe('user')
    expect(await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, shopper.email))).toHaveLength(0)
  })

  it('answers bad input with translated 4xx, never 500', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'nope', name: 'Ali', role: 'order_clerk' }, 'email', 'Invalid email address'],
      [{ email: freshEmail(), name: 'A', role: 'order_clerk' }, 'name', 'Name must be at least 2 characters'],
      [{ email: freshEmail(), name: 'Ali', role: 'janitor' }, 'role', 'Choose a role from the list'],
      [{ email: freshEmail(), name: 'Ali', role: 999999 }, 'role', 'Choose a role from the list'],
      [{ email: freshEmail(), name: 'Ali' }, 'role', 'Choose a role from the list'],
    ]
    for (const [payload, field, message] of cases) {
      const res = await invite(owner, payload, en)
      expect(res.statusCode, JSON.stringify(payload)).toBe(422)
      expect(res.json().errors[field]).toEqual([message])
    }
    const short = await accept(
      { token: 'x'.repeat(43), password: 'short', password_confirmation: 'short' },
      en,
    )
    expect(short.statusCode).toBe(422)
    expect(short.json().errors.password).toEqual(['Password must be at least 8 characters'])
    const mismatch = await accept(
      { token: 'x'.repeat(43), password, password_confirmation: `${password}x` },
      en,
    )
    expect(mismatch.json().errors.password_confirmation).toEqual(["Passwords don't match"])
    const unknown = await accept({ token: 'x'.repeat(43), password, password_confirmation: password }, en)
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json().code).toBe('INVALID_INVITATION')
    const common = await accept({
      token: 'x'.repeat(43),
      password: 'password123',
      password_confirmation: 'password123',
    })
    expect(common.statusCode).toBe(422)
    expect(common.json().errors.password).toHaveLength(1)
    const empty = await patch(owner, manager.id, {}, en)
    expect(empty.statusCode).toBe(422)
    expect(empty.json().errors.role).toEqual(['Choose a new role or a new status'])
    const badId = await patch(owner, 0, { is_active: false })
    expect(badId.statusCode).toBe(422)
    expect((await patch(owner, shopper.id, { is_active: false })).statusCode).toBe(404)
    expect((await patch(owner, 2_000_000_000, { is_active: false })).statusCode).toBe(404)
    expect((await patch(owner, manager.id, { is_active: 'no' }, en)).json().errors.is_active).toEqual([
      'Must be true or false',
    ])
  })
})

describe('access', () => {
  it('is the owner’s: 401 for a guest, 403 for a manager or a customer', async () => {
    for (const [method, url] of [
      ['GET', '/api/staff'],
      ['POST', '/api/staff/invitations'],
      ['PATCH', `/api/staff/${manager.id}`],
    ] as const) {
      const payload =
        method === 'GET' ? undefined : { email: freshEmail(), name: 'Ali', role: 'owner', is_active: false }
      expect((await ctx.app.inject({ method, url, payload })).statusCode, url).toBe(401)
      const forbidden = await ctx.app.inject({ method, url, payload, headers: { ...manager.headers, ...en } })
      expect(forbidden.statusCode, url).toBe(403)
      expect(forbidden.json().message).toBe('You do not have permission to do this')
      expect((await ctx.app.inject({ method, url, payload, headers: shopper.headers })).statusCode, url).toBe(
        403,
      )
    }
    const listed = await staffList(owner)
    expect(listed.statusCode).toBe(200)
    const ids = listed.json().data.map((m: { id: number }) => m.id)
    expect(ids).toContain(owner.id)
    expect(ids).toContain(manager.id)
    expect(ids).not.toContain(shopper.id)
    expect(listed.json().data.find((m: { id: number }) => m.id === manager.id).staff_role.key).toBe('manager')
  })
})

describe('PATCH /api/staff/{id}', () => {
  it('deactivating ends every session at once; reactivating lets them sign in again', async () => {
    const { token, email, member } = await invited()
    const { token: session } = (await accept({ token, password, password_confirmation: password })).json()
    const second = (await login(email, password)).json().token
    const meWith = (t: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${t}` } })
    expect((await meWith(session)).statusCode).toBe(200)

    const off = await patch(owner, member.id, { is_active: false })
    expect(off.statusCode).toBe(200)
    expect(off.json().is_active).toBe(false)
    expect((await meWith(session)).statusCode).toBe(401)
    expect((await meWith(second)).statusCode).toBe(401)
    expect((await login(email, password)).statusCode).toBe(403)

    const on = await patch(owner, member.id, { is_active: true })
    expect(on.json().is_active).toBe(true)
    expect((await login(email, password)).statusCode).toBe(200)
    const actions = (await auditOf(member.id)).map((r) => r.action)
    expect(actions).toEqual(expect.arrayContaining(['staff.deactivated', 'staff.reactivated']))
  })

  it('changes a role, owner ⇄ others flipping super_admin / admin, with its audit row', async () => {
    const { member, token } = await invited('order_clerk')
    const { token: session } = (await accept({ token, password, password_confirmation: password })).json()
    const clerk = { headers: { authorization: `Bearer ${session}` } } as TestUser
    expect((await staffList(clerk)).statusCode).toBe(403)

    const promoted = await patch(owner, member.id, { role: 'owner' })
    expect(promoted.json()).toMatchObject({ role: 'super_admin', staff_role: { key: 'owner' } })
    // Same session, new permissions at once.
    expect((await staffList(clerk)).statusCode).toBe(200)

    // Asking for the role they already have changes nothing, and says so in the trail.
    const same = await patch(owner, member.id, { role: 'owner', is_active: true })
    expect(same.statusCode).toBe(200)
    expect(same.json()).toMatchObject({ role: 'super_admin', is_active: true })
    expect((await auditOf(member.id)).at(-1)!.action).toBe('staff.updated')

    const demoted = await patch(owner, member.id, { role: 'accountant' })
    expect(demoted.json()).toMatchObject({ role: 'admin', staff_role: { key: 'accountant' } })
    expect((await staffList(clerk)).statusCode).toBe(403)

    const trail = (await auditOf(member.id)).filter((r) => r.action === 'staff.role_changed')
    expect(trail.map((r) => [r.before!.staff_role, r.after!.staff_role])).toEqual([
      ['order_clerk', 'owner'],
      ['owner', 'accountant'],
    ])
    expect(trail[0]!.before).toMatchObject({ role: 'admin' })
    expect(trail[0]!.after).toMatchObject({ role: 'super_admin' })
  })

  it('never leaves the shop without an active owner', async () => {
    // Only `owner` is an active owner from here on.
    await ctx.app.db
      .update(users)
      .set({ isActive: false })
      .where(and(eq(users.role, 'super_admin'), ne(users.id, owner.id)))

    const self = await patch(owner, owner.id, { role: 'manager' }, en)
    expect(self.statusCode).toBe(409)
    expect(self.json()).toMatchObject({
      code: 'LAST_OWNER',
      message: 'The shop needs at least one active owner: make someone else owner first',
    })
    const selfOff = await patch(owner, owner.id, { is_active: false })
    expect(selfOff.statusCode).toBe(403)

    // With a second owner, the first may step down to manager, and the second is then the last one.
    const { member, token } = await invited('owner', 'Nadia Owner')
    // An owner who has not set a password yet cannot run the shop: she does not count.
    expect((await patch(owner, owner.id, { role: 'manager' })).json().code).toBe('LAST_OWNER')
    const { token: session } = (await accept({ token, password, password_confirmation: password })).json()
    const nadia = { id: member.id, headers: { authorization: `Bearer ${session}` } } as TestUser
    expect((await patch(owner, owner.id, { role: 'manager' })).statusCode).toBe(200)
    const last = await patch(nadia, nadia.id, { role: 'order_clerk' })
    expect(last.statusCode).toBe(409)
    expect(last.json().code).toBe('LAST_OWNER')
    // Back as it was: Nadia makes Salma owner again; then Salma can deactivate Nadia (another owner remains).
    expect((await patch(nadia, owner.id, { role: 'owner' })).statusCode).toBe(200)
    expect((await patch(owner, nadia.id, { is_active: false })).statusCode).toBe(200)
    const lastOff = await patch(owner, owner.id, { role: 'order_clerk' })
    expect(lastOff.json().code).toBe('LAST_OWNER')
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, owner.id))
    expect(row).toMatchObject({ role: 'super_admin', isActive: true })
  })
})
