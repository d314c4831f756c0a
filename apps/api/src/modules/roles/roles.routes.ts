import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorBody } from '@shop/shared/errors'
import { idParam } from '@shop/shared/schemas/common'
import { StaffRole, StaffRoleInput, StaffRolePatch } from '@shop/shared/schemas/team'
import { createRole, deleteRole, listRoles, updateRole } from './roles.service.ts'

const security = [{ bearer: [] }]
const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody }

/** docs/api.md "Roles" (issue 30, decision 0190): the owner's (staff.manage); built-in roles cannot change. */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/roles',
    {
      config: { access: 'staff.manage' },
      schema: {
        tags: ['staff'],
        summary:
          'Every role (built-in first, then the shop’s own) with its permissions and how many staff have it',
        security,
        response: { 200: z.object({ data: z.array(StaffRole) }) },
      },
    },
    async (request) => ({ data: await listRoles(app.db, request.lang) }),
  )

  app.post(
    '/roles',
    {
      config: { access: 'staff.manage' },
      schema: {
        tags: ['staff'],
        summary: 'Make a custom role from the permissions',
        security,
        body: StaffRoleInput,
        response: { 201: StaffRole, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createRole(app.db, app.actorOf(request), request.body, request.lang)),
  )

  app.patch(
    '/roles/:id',
    {
      config: { access: 'staff.manage' },
      schema: {
        tags: ['staff'],
        summary: 'Rename a custom role or change its permissions (409 for a built-in role)',
        security,
        params: idParam,
        body: StaffRolePatch,
        response: { 200: StaffRole, ...errors },
      },
    },
    async (request) =>
      updateRole(app.db, app.actorOf(request), request.params.id, request.body, request.lang),
  )

  app.delete(
    '/roles/:id',
    {
      config: { access: 'staff.manage' },
      schema: {
        tags: ['staff'],
        summary: 'Delete a custom role nobody has (409 for a built-in role or one still given to staff)',
        security,
        params: idParam,
        response: { 204: z.void().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteRole(app.db, app.actorOf(request), request.params.id)
      return reply.code(204).send()
    },
  )
}
