import { OrderConfirmationPage } from '../../features/orders/components/order-confirmation-page.tsx'

export function OrderConfirmationRoute() {
  return <OrderConfirmationPage />
}
