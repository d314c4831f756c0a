import { OverviewScreen } from '../../../features/dashboard-overview/overview-screen.tsx'

export function Component() {
  return <OverviewScreen />
}
