import { api } from './api-client.ts'
import type { ConfirmationSummary } from './confirmation.ts'

// Decision 0081/0082: the online-paid order this tab placed and still has to pay for, with the key that lets it pay
// without an account. sessionStorage: it survives the trip to the gateway and back in the same tab, and a reload, and
// leaves with the tab. The cart stays in localStorage until the payment is confirmed.
const KEY = 'pending_payment'

export interface PendingPayment {
  orderId: number
  orderNumber: string
  token: string
  /** The order as placed without its payment method: the same checkout again is this order. */
  fingerprint: string
  /** Its lines and totals, for the confirmation page once it is paid (issue 26). */
  summary?: ConfirmationSummary
}

export function readPendingPayment(): PendingPayment | null {
  try {
    const raw = sessionStorage.getItem(KEY)
    const p = raw ? (JSON.parse(raw) as PendingPayment) : null
    return p &&
      typeof p.orderId === 'number' &&
      typeof p.token === 'string' &&
      typeof p.orderNumber === 'string'
      ? p
      : null
  } catch {
    return null
  }
}

export function savePendingPayment(p: PendingPayment): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(p))
  } catch {
    // No storage: the payment step still has the order in its navigation state for this visit.
  }
}

export function forgetPendingPayment(): void {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // nothing kept
  }
}

/** The order payload as a key, without the method and the total shown (a switch of method is the same order). */
export function orderFingerprint(
  payload: { payment_method?: string; expected_total?: number } & Record<string, unknown>,
): string {
  const { payment_method: _m, expected_total: _t, ...rest } = payload
  return JSON.stringify(rest)
}

/** Pays the pending order on delivery instead (same order, same stock): POST /api/payments/orders/:id/cash. */
export async function payPendingOnDelivery(p: PendingPayment): Promise<void> {
  await api(`/api/payments/orders/${p.orderId}/cash`, {
    method: 'POST',
    headers: { 'X-Payment-Token': p.token },
  })
}

/** Gives the pending order's stock back now (the shopper placed a different order instead). */
export async function releasePendingOrder(p: PendingPayment): Promise<void> {
  await api(`/api/payments/orders/${p.orderId}/release`, {
    method: 'POST',
    headers: { 'X-Payment-Token': p.token },
  })
}
