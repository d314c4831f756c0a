import { ProfileScreen } from '../../../features/dashboard-settings/components/profile-screen.tsx'

export default function Screen() {
  return <ProfileScreen />
}
