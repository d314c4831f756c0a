import { useQuery } from '@tanstack/react-query'
import type { Autofill, ProfileResponse } from '@shop/shared/schemas/auth'
import type { CreateOrderInput, Order } from '@shop/shared/schemas/order'
import type { PaymentMethods } from '@shop/shared/schemas/payment'
import { api } from '../../../lib/api-client.ts'
import { activeCitiesKey } from '../../../lib/dashboard-keys.ts'

// The quote is asked for by lib/cart/use-cart-pricing.ts (fetchQuote, quoteKey): the browser's one pricing adapter.
export const checkoutKeys = {
  // Shared with the dashboard: a city edit refreshes it (lib/dashboard-keys.ts `changedBy.city`).
  cities: activeCitiesKey,
  profile: ['checkout', 'profile'] as const,
  methods: ['checkout', 'payment-methods'] as const,
}

/** GET /api/payments/methods: only the configured methods are offered (cash until the answer comes). */
export const usePaymentMethods = () =>
  useQuery({
    queryKey: checkoutKeys.methods,
    queryFn: ({ signal }) => api<PaymentMethods>('/api/payments/methods', { signal }),
    staleTime: 60_000,
  })

export { useActiveCities } from '../../../lib/active-cities.ts'

export const placeOrder = (input: CreateOrderInput, idempotencyKey: string) =>
  api<Order>('/api/orders', { method: 'POST', body: input, headers: { 'Idempotency-Key': idempotencyKey } })

/** product.md §2.8: a signed-in shopper's checkout is prefilled from GET /api/profile's autofill. */
export const useProfileAutofill = (enabled: boolean) =>
  useQuery({
    queryKey: checkoutKeys.profile,
    queryFn: ({ signal }) => api<ProfileResponse>('/api/profile', { signal }),
    enabled,
    select: (res) => autofillOf(res),
    staleTime: Infinity,
    retry: false,
  })

/**
 * The last order's details, or (decision 0138: a new account's first checkout) the account's own name and email, so a
 * shopper who just registered does not type them again. `fromAccount` tells which (the notice says where they came from).
 */
export function autofillOf(res: ProfileResponse): (Autofill & { fromAccount: boolean }) | null {
  if (res.autofill) return { ...res.autofill, fromAccount: false }
  if (!res.user?.email) return null
  const name = res.user.name.trim()
  const space = name.indexOf(' ')
  return {
    name,
    first_name: space === -1 ? name : name.slice(0, space),
    last_name: space === -1 ? '' : name.slice(space + 1).trim(),
    email: res.user.email,
    phone: '',
    address: '',
    city: '',
    city_id: null,
    state: '',
    fromAccount: true,
  }
}
