import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParam, paginated } from '@shop/shared/schemas/common'
import { Order } from '@shop/shared/schemas/order'
import {
  UpdateUserRoleInput,
  UpdateUserStatusInput,
  UserListQuery,
  UserSummary,
} from '@shop/shared/schemas/user'
import { viewOf } from '../../domain/viewer.ts'
import { changeRole, changeStatus, getUserDetail, listUsers } from './users.service.ts'

const security = [{ bearer: [] }]

/** docs/api.md "Dashboard, users, settings": every call is staff-only; role changes are super-admin only. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      config: { access: 'customers.view' },
      schema: {
        tags: ['users'],
        summary: 'Users with search, role filter and pagination',
        security,
        querystring: UserListQuery,
        response: { 200: paginated(UserSummary) },
      },
    },
    async (request) => listUsers(app.db, request.query),
  )

  app.get(
    '/users/:id',
    {
      config: { access: 'customers.view' },
      schema: {
        tags: ['users'],
        summary: 'A user and their latest 20 orders',
        security,
        params: idParam,
        response: { 200: z.object({ user: UserSummary, orders: z.array(Order) }) },
      },
    },
    async (request) =>
      getUserDetail(app.db, request.params.id, viewOf(true, request.user!.permissions), request.lang),
  )

  app.patch(
    '/users/:id/role',
    {
      config: { access: 'staff.manage' },
      schema: {
        tags: ['users'],
        summary: 'Change a role (super admin; not yourself; never the last super admin)',
        security,
        params: idParam,
        body: UpdateUserRoleInput,
        response: { 200: UserSummary },
      },
    },
    async (request) =>
      changeRole(app.db, request.user!, request.params.id, request.body.role, app.actorOf(request)),
  )

  app.patch(
    '/users/:id/status',
    {
      config: { access: 'customers.manage' },
      schema: {
        tags: ['users'],
        summary: 'Activate or deactivate (deactivation signs the user out)',
        security,
        params: idParam,
        body: UpdateUserStatusInput,
        response: { 200: UserSummary },
      },
    },
    async (request) =>
      changeStatus(app.db, request.user!, request.params.id, request.body.is_active, app.actorOf(request)),
  )
}
