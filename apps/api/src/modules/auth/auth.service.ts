import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { Language } from '@shop/shared/i18n/messages'
import type {
  ChangePasswordInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  User,
} from '@shop/shared/schemas/auth'
import type { Db } from '../../db/client.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { apiTokens, passwordResets, users } from '../../db/schema/users.ts'
import { AppError } from '../../lib/app-error.ts'
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts'
import { isCommonPassword } from '../../lib/common-passwords.ts'
import { takeHits, type Limit } from '../../lib/rate-limit.ts'
import { hashToken, newToken } from '../../lib/tokens.ts'
import { toUser, withAccess } from '../../domain/user-view.ts'
import { beginAttempt, clearFailures, dropAttempt, type Attempt } from './login-throttle.ts'

const DAY_MS = 86_400_000
/** Reset tokens are single use and expire in 60 minutes (product.md §9, reset link). */
export const RESET_TTL_MINUTES = 60
/** At most this many reset mails per account and hour, so the form cannot be used to flood an inbox. */
const RESET_MAILS_PER_HOUR = 5

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase())

/** The password check of a counted attempt; a check that never ran (server busy, decision 0046) does not count. */
async function judged(db: Db, attempt: Attempt, check: () => Promise<boolean>): Promise<boolean> {
  try {
    return await check()
  } catch (error) {
    await dropAttempt(db, attempt)
    throw error
  }
}

/** Decision 0093: a new password (register, reset, change) is not one of the most common ones (422 on `password`). */
function assertUncommonPassword(password: string): void {
  if (isCommonPassword(password))
    throw new AppError('VALIDATION_FAILED', 422, { fields: { password: ['validation.password_common'] } })
}

/**
 * product.md §5.2 register. Only name, email and password are read: role and flags in the body change nothing.
 * Every try counts against the client's address (decision 0091): the answer tells whether an email has an account.
 */
export async function register(db: Db, input: RegisterInput, limit?: Limit): Promise<User> {
  if (limit) await takeHits(db, [limit])
  const emailTaken = () => new AppError('EMAIL_TAKEN', 422, { fields: { email: ['errors.EMAIL_TAKEN'] } })
  const [existing] = await db.select({ id: users.id }).from(users).where(byEmail(input.email)).limit(1)
  if (existing) throw emailTaken()
  assertUncommonPassword(input.password)
  try {
    const [row] = await db
      .insert(users)
      .values({
        name: input.name,
        email: input.email.toLowerCase(),
        passwordHash: await hashPassword(input.password),
        role: 'user',
      })
      .returning()
    return toUser(row!)
  } catch (err) {
    // Two registrations racing for one email: the unique index decides, the loser gets the same 422.
    if (isUniqueViolation(err)) throw emailTaken()
    throw err
  }
}

export async function issueToken(db: Db, userId: number, ttlDays: number): Promise<string> {
  const token = newToken()
  await db
    .insert(apiTokens)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlDays * DAY_MS) })
  return token
}

/**
 * Decision 0007: one answer for an unknown email and a wrong password, with similar timing (a dummy hash is
 * verified for unknown emails). The lockout is checked before any password work.
 */
export async function login(
  db: Db,
  input: LoginInput,
  ip: string,
  ttlDays: number,
  lang: Language = 'ar',
): Promise<{ token: string; user: User }> {
  const email = input.email.toLowerCase()
  // Decision 0092: counted (as a failure until proven right) before the hash is computed.
  const attempt = await beginAttempt(db, email, ip)
  const [row] = await db.select().from(users).where(byEmail(email)).limit(1)
  const ok = await judged(db, attempt, async () =>
    verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), input.password),
  )
  if (!row || !ok) throw new AppError('INVALID_CREDENTIALS', 401)
  // Only someone who knows the password learns that the account is deactivated.
  if (!row.isActive) {
    await dropAttempt(db, attempt)
    throw new AppError('ACCOUNT_DISABLED', 403)
  }
  await clearFailures(db, email)
  return { token: await issueToken(db, row.id, ttlDays), user: await withAccess(db, row, lang) }
}

export async function logout(db: Db, tokenId: number): Promise<void> {
  await db.delete(apiTokens).where(eq(apiTokens.id, tokenId))
}

/**
 * Creates a single-use reset token and returns it with the account's email, or null when there is no
 * active account (the caller answers the same either way).
 */
export async function createPasswordReset(
  db: Db,
  emailInput: string,
): Promise<{ token: string; email: string } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, isActive: users.isActive })
    .from(users)
    .where(byEmail(emailInput))
    .limit(1)
  if (!row || !row.isActive) return null
  const [recent] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, row.id),
        eq(passwordResets.purpose, 'reset'),
        gt(passwordResets.createdAt, new Date(Date.now() - 3_600_000)),
      ),
    )
  if ((recent?.count ?? 0) >= RESET_MAILS_PER_HOUR) return null
  const token = newToken()
  await db.insert(passwordResets).values({
    userId: row.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MINUTES * 60_000),
  })
  return { token, email: row.email }
}

export function resetLink(appUrl: string, token: string, email: string): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`
}

/** Single use, 60-minute expiry, email must match; sets the password and signs the account out everywhere. */
export async function resetPassword(db: Db, input: ResetPasswordInput): Promise<void> {
  const invalid = () =>
    new AppError('INVALID_RESET_TOKEN', 422, { fields: { token: ['errors.INVALID_RESET_TOKEN'] } })
  assertUncommonPassword(input.password)
  const passwordHash = await hashPassword(input.password)
  await db.transaction(async (tx) => {
    // The conditional update claims the token, so two requests racing with it cannot both succeed.
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(input.token)),
          // An invitation link is used on its own page (decision 0196), which records the acceptance.
          eq(passwordResets.purpose, 'reset'),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResets.userId })
    if (!claimed) throw invalid()
    const [user] = await tx
      .select({ id: users.id, email: users.email, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, claimed.userId))
      .limit(1)
    if (!user || !user.isActive || user.email.toLowerCase() !== input.email.toLowerCase()) throw invalid()
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
      .where(eq(users.id, user.id))
    // Older links mailed to the same account die with this one.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)))
    await tx.delete(apiTokens).where(eq(apiTokens.userId, user.id))
  })
  await clearFailures(db, input.email.toLowerCase())
}

/**
 * Decision 0007: a wrong current password is a 422 on current_password; other sessions are signed out, this one stays.
 * Wrong current passwords count as failed sign-ins of the account's email and the caller's IP (decision 0022), so a
 * stolen token cannot be used to guess the password faster than the sign-in form allows: over the limit it is a 429.
 */
export async function changePassword(
  db: Db,
  userId: number,
  tokenId: number,
  input: ChangePasswordInput,
  ip: string,
): Promise<void> {
  const [row] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  if (!row) throw new AppError('UNAUTHENTICATED', 401)
  const email = row.email.toLowerCase()
  const attempt = await beginAttempt(db, email, ip)
  if (!(await judged(db, attempt, () => verifyPassword(row.passwordHash, input.current_password))))
    throw new AppError('WRONG_PASSWORD', 422, { fields: { current_password: ['errors.WRONG_PASSWORD'] } })
  await clearFailures(db, email)
  assertUncommonPassword(input.password)
  const passwordHash = await hashPassword(input.password)
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
      .where(eq(users.id, userId))
    await tx.delete(apiTokens).where(and(eq(apiTokens.userId, userId), ne(apiTokens.id, tokenId)))
  })
}
