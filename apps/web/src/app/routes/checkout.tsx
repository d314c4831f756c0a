import { CheckoutPage } from '../../features/checkout/components/checkout-page.tsx'

export function CheckoutRoute() {
  return <CheckoutPage />
}
