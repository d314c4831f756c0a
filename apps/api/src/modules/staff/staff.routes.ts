import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AcceptInvitationInput, LoginResponse } from '@shop/shared/schemas/auth'
import { idParam } from '@shop/shared/schemas/common'
import {
  InvitationInfo,
  StaffInvitation,
  StaffInvitationInput,
  StaffList,
  StaffMember,
  StaffPatch,
} from '@shop/shared/schemas/team'
import { AppError } from '../../lib/app-error.ts'
import { acceptInvitation, inviteStaff, listStaff, readInvitation, updateStaff } from './staff.service.ts'

const security = [{ bearer: [] }]

/** docs/api.md "Staff" (issue 30, decision 0196): the owner's team screen and the invitation page. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/staff',
    {
      config: { access: 'staff.manage' },
      schema: {
        tags: ['staff'],
        summary: 'Staff members with their role, status, pending invitation and last activity (owner)',
        security,
        response: { 200: StaffList },
      },
    },
    async (request) => ({ data: await listStaff(app.db, request.lang) }),
  )

  app.post(
    '/staff/invitations',
    {
      config: { access: 'staff.manage' },
      schema: {
        tags: ['staff'],
        summary:
          'Invite by email: the account, a set-password link (72 hours, single use) through the outbox and in the answer (invitation_url, once: only its hash is kept); a pending invitation is sent again with a new link (owner)',
        security,
        body: StaffInvitationInput,
        response: { 201: StaffInvitation, 200: StaffInvitation },
      },
    },
    async (request, reply) => {
      const { member, resent, invitationUrl } = await inviteStaff(
        { db: app.db, mailer: app.mailer, appUrl: app.appUrl, lang: request.lang },
        app.actorOf(request),
        request.body,
      )
      return reply.status(resent ? 200 : 201).send({ ...member, invitation_url: invitationUrl })
    },
  )

  app.patch(
    '/staff/:id',
    {
      config: { access: 'staff.manage' },
      schema: {
        tags: ['staff'],
        summary:
          'Change a role and/or deactivate or reactivate (sessions end at once); never the last active owner (owner)',
        security,
        params: idParam,
        body: StaffPatch,
        response: { 200: StaffMember },
      },
    },
    async (request) => {
      const actor = app.actorOf(request)
      if (actor.kind !== 'staff') throw new AppError('FORBIDDEN', 403)
      return updateStaff(app.db, actor, request.params.id, request.body, request.lang)
    },
  )

  app.get(
    '/auth/invitation/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'What an invitation link is for (public): 404 unknown or used, 410 expired',
        params: z.object({
          token: z.string().min(1, 'validation.token_required').max(200, 'validation.too_long'),
        }),
        response: { 200: InvitationInfo },
      },
    },
    async (request) => readInvitation(app.db, request.params.token, request.lang),
  )

  app.post(
    '/auth/accept-invitation',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Set the first password of an invited staff member and sign in (public; single use; 410 once expired)',
        body: AcceptInvitationInput,
        response: { 200: LoginResponse },
      },
    },
    async (request) =>
      acceptInvitation(app.db, request.body, request.ip ?? null, app.config.TOKEN_TTL_DAYS, request.lang),
  )
}
