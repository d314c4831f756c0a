import { CouriersScreen } from '../../../features/dashboard-delivery/components/couriers-screen.tsx'

export default function Screen() {
  return <CouriersScreen />
}
