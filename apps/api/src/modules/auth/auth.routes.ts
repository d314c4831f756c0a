import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { shopNameIn } from '@shop/shared/shop-identity'
import {
  ChangePasswordInput,
  ForgotPasswordInput,
  LoginInput,
  LoginResponse,
  MessageResponse,
  RegisterInput,
  ResetPasswordInput,
  User,
} from '@shop/shared/schemas/auth'
import { REGISTRATIONS_PER_IP_PER_HOUR } from '../../domain/abuse-limits.ts'
import { findUser } from '../../domain/user-view.ts'
import { readShopIdentity } from '../../domain/shop-identity.ts'
import { authMessage, resetMail } from './auth-messages.ts'
import {
  changePassword,
  createPasswordReset,
  login,
  logout,
  register,
  issueToken,
  resetLink,
  resetPassword,
  RESET_TTL_MINUTES,
} from './auth.service.ts'

const bearer = [{ bearer: [] }]

/** docs/api.md "Auth and profile". */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Create a shopper account and sign it in (a token as sign-in gives, decision 0138); 10 tries per IP and hour → 429; common passwords → 422',
        body: RegisterInput,
        response: { 201: z.object({ message: z.string(), user: User, token: z.string() }) },
      },
    },
    async (request, reply) => {
      const limit = app.abuseLimits
        ? { scope: 'register:ip', key: request.ip, max: REGISTRATIONS_PER_IP_PER_HOUR, windowMs: 3_600_000 }
        : undefined
      const user = await register(app.db, request.body, limit)
      // Decision 0138: the new shopper is signed in at once (no second sign-in with the password just typed).
      const token = await issueToken(app.db, user.id, app.config.TOKEN_TTL_DAYS)
      return reply.status(201).send({ message: authMessage('registered', request.lang), user, token })
    },
  )

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in; 10 failures per email or IP in 15 minutes → 429',
        body: LoginInput,
        response: { 200: LoginResponse },
      },
    },
    async (request) => login(app.db, request.body, request.ip, app.config.TOKEN_TTL_DAYS, request.lang),
  )

  app.get(
    '/me',
    {
      config: { access: 'signed_in' },
      schema: { tags: ['auth'], summary: 'The signed-in user', security: bearer, response: { 200: User } },
    },
    async (request) => findUser(app.db, request.user!.id, request.lang),
  )

  app.post(
    '/logout',
    {
      config: { access: 'signed_in' },
      schema: {
        tags: ['auth'],
        summary: 'Revoke this token',
        security: bearer,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await logout(app.db, request.user!.tokenId)
      return { message: authMessage('logged_out', request.lang) }
    },
  )

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Mail a reset link (same answer whether the email exists or not)',
        body: ForgotPasswordInput,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      const reset = await createPasswordReset(app.db, request.body.email)
      if (reset) {
        const identity = await readShopIdentity(app.db)
        const mail = resetMail(resetLink(app.appUrl, reset.token, reset.email), RESET_TTL_MINUTES, {
          ar: shopNameIn(identity, 'ar'),
          en: shopNameIn(identity, 'en'),
        })
        // The mail is bilingual and Arabic first: the sender is the shop's Arabic name (decision 0122).
        await app.mailer.send({ to: reset.email, ...mail, fromName: shopNameIn(identity, 'ar') })
      }
      return { message: authMessage('reset_link_sent', request.lang) }
    },
  )

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a mailed token (single use, 60 minutes)',
        body: ResetPasswordInput,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await resetPassword(app.db, request.body)
      return { message: authMessage('password_reset', request.lang) }
    },
  )

  app.post(
    '/auth/change-password',
    {
      config: { access: 'signed_in' },
      schema: {
        tags: ['auth'],
        summary:
          'Change the password; other sessions are signed out; wrong current passwords count as failed sign-ins (429)',
        security: bearer,
        body: ChangePasswordInput,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await changePassword(app.db, request.user!.id, request.user!.tokenId, request.body, request.ip)
      return { message: authMessage('password_changed', request.lang) }
    },
  )
}
