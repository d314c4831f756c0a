import { SettingsScreen } from '../../../features/dashboard-settings/components/settings-screen.tsx'

export function Component() {
  return <SettingsScreen />
}
