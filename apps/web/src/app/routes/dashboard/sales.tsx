import { SalesScreen } from '../../../features/dashboard-sales/components/sales-screen.tsx'

export default function Screen() {
  return <SalesScreen />
}
