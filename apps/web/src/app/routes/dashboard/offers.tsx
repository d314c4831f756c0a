import { OffersScreen } from '../../../features/dashboard-promotions/components/offers-screen.tsx'

export default function Screen() {
  return <OffersScreen />
}
