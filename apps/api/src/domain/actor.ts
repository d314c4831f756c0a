import type { ActorKind, Permission } from '@shop/shared/permissions'

/**
 * Issue 30: who makes a change. Every service that writes takes one (decision 0192): the history of an order, the
 * stock ledger and the audit trail name it. Built per request by `actorOf` (plugins/auth.ts), or by the job or
 * provider callback that acts.
 */
export type Actor =
  | {
      kind: 'staff'
      userId: number
      name: string
      ip: string | null
      /** What their role allows (owner: everything). */
      permissions: ReadonlySet<Permission>
    }
  | { kind: 'shopper'; userId: number; name: string; ip: string | null }
  /**
   * A guest: checkout without an account, or the tracking link; or (issue 41) the shopper answering the shop's
   * WhatsApp message from `whatsapp` (international digits), verified by Meta's signed webhook.
   */
  | { kind: 'guest'; ip: string | null; whatsapp?: string }
  /** Issue 42: a courier through its driver link (the shop's own driver on their phone). */
  | { kind: 'courier'; courierId: number; name: string; ip: string | null }
  /** A payment provider's verified return or webhook. */
  | { kind: 'provider'; provider: string; ip: string | null }
  /** The shop itself: payment expiry, the mailer, retention, the seed, a migration. */
  | { kind: 'system'; job: string }

export const systemActor = (job: string): Actor => ({ kind: 'system', job })
export const providerActor = (provider: string, ip: string | null = null): Actor => ({
  kind: 'provider',
  provider,
  ip,
})
export const guestActor = (ip: string | null = null): Actor => ({ kind: 'guest', ip })
/** Issue 41: the shopper who answered on WhatsApp from this number. */
export const whatsappActor = (number: string): Actor => ({ kind: 'guest', ip: null, whatsapp: number })

/** The columns every actor-carrying row stores (audit_log, stock_movements). */
export function actorColumns(actor: Actor): {
  actorKind: ActorKind
  actorUserId: number | null
  actorName: string | null
} {
  switch (actor.kind) {
    case 'staff':
    case 'shopper':
      return { actorKind: actor.kind, actorUserId: actor.userId, actorName: actor.name }
    case 'guest':
      return { actorKind: 'guest', actorUserId: null, actorName: null }
    case 'provider':
      return { actorKind: 'provider', actorUserId: null, actorName: actor.provider }
    case 'courier':
      return { actorKind: 'courier', actorUserId: null, actorName: actor.name }
    case 'system':
      return { actorKind: 'system', actorUserId: null, actorName: actor.job }
  }
}

export const actorIp = (actor: Actor): string | null => (actor.kind === 'system' ? null : actor.ip)

/** The user id an order history row's `changed_by` keeps (staff and shoppers). */
export const actorUserId = (actor: Actor): number | null =>
  actor.kind === 'staff' || actor.kind === 'shopper' ? actor.userId : null
