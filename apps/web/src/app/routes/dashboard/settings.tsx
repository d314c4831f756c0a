import { SettingsScreen } from '../../../features/dashboard-settings/components/settings-screen.tsx'

export default function Screen() {
  return <SettingsScreen />
}
