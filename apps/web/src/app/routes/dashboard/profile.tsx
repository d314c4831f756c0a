import { ProfileScreen } from '../../../features/dashboard-settings/components/profile-screen.tsx'

export function Component() {
  return <ProfileScreen />
}
