import { SalesScreen } from '../../../features/dashboard-sales/components/sales-screen.tsx'

export function Component() {
  return <SalesScreen />
}
