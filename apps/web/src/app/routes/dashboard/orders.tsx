import { OrdersScreen } from '../../../features/dashboard-orders/components/orders-screen.tsx'

export function Component() {
  return <OrdersScreen />
}
