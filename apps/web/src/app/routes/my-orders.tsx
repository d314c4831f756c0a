import { MyOrdersPage } from '../../features/orders/components/my-orders-page.tsx'

export function MyOrdersRoute() {
  return <MyOrdersPage />
}
