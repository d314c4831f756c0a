import { OverviewScreen } from '../../../features/dashboard-overview/overview-screen.tsx'

export default function Screen() {
  return <OverviewScreen />
}
