import { queryOptions } from '@tanstack/react-query'
import type {
  OrderPayment,
  RedirectStart,
  RedirectStartInput,
  WalletConfirmInput,
  WalletStart,
  WalletStartInput,
} from '@shop/shared/schemas/payment'
import { api } from '../../../lib/api-client.ts'
import type { PendingPayment } from '../../../lib/pending-payment.ts'

// The shopper's payment calls (docs/api.md "Payments"): each carries the order's payment token.
const headers = (p: PendingPayment) => ({ 'X-Payment-Token': p.token })
const path = (p: PendingPayment, rest = '') => `/api/payments/orders/${p.orderId}${rest}`

export const paymentKeys = {
  order: (orderId: number) => ['payments', 'order', orderId] as const,
}

export const orderPaymentQuery = (p: PendingPayment) =>
  queryOptions({
    queryKey: paymentKeys.order(p.orderId),
    queryFn: ({ signal }) => api<OrderPayment>(path(p), { headers: headers(p), signal }),
    staleTime: 0,
    retry: 1,
  })

export const startWallet = (p: PendingPayment, input: WalletStartInput) =>
  api<WalletStart>(path(p, '/wallet'), { method: 'POST', body: input, headers: headers(p) })
export const confirmWallet = (p: PendingPayment, input: WalletConfirmInput) =>
  api<OrderPayment>(path(p, '/wallet/confirm'), { method: 'POST', body: input, headers: headers(p) })
export const startRedirect = (p: PendingPayment, input: RedirectStartInput) =>
  api<RedirectStart>(path(p, '/redirect'), { method: 'POST', body: input, headers: headers(p) })
export const payOnDelivery = (p: PendingPayment) =>
  api<OrderPayment>(path(p, '/cash'), { method: 'POST', headers: headers(p) })
