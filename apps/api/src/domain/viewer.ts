import type { Permission } from '@shop/shared/permissions'
import type { Actor } from './actor.ts'

/**
 * Who reads an answer. `staff`: every language's texts, inactive rows, the team's fields. `costs` (decision 0216):
 * buying prices, unit costs and profit, which need `costs.view` on top of whatever let the reader in, so an order
 * clerk reads orders without them. Never true without `staff`.
 */
export interface Viewer {
  staff: boolean
  costs: boolean
}

export const SHOPPER_VIEW: Viewer = { staff: false, costs: false }

/** Staff whose role has `permissions`. */
export const staffView = (permissions: ReadonlySet<Permission>): Viewer => ({
  staff: true,
  costs: permissions.has('costs.view'),
})

/** The view of a request's user: `staff` as the caller decided it (a route may need more than being staff). */
export const viewOf = (staff: boolean, permissions: ReadonlySet<Permission> | undefined): Viewer =>
  staff && permissions ? staffView(permissions) : SHOPPER_VIEW

/** The view of whoever made a change (the answer to their own write). */
export const actorView = (actor: Actor): Viewer =>
  actor.kind === 'staff' ? staffView(actor.permissions) : SHOPPER_VIEW

export const seesCosts = (actor: Actor) => actorView(actor).costs
