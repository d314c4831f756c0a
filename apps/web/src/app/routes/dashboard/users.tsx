import { UsersScreen } from '../../../features/dashboard-users/components/users-screen.tsx'

export default function Screen() {
  return <UsersScreen />
}
