import { OrdersScreen } from '../../../features/dashboard-orders/components/orders-screen.tsx'

export default function Screen() {
  return <OrdersScreen />
}
