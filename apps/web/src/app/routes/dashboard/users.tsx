import { UsersScreen } from '../../../features/dashboard-users/components/users-screen.tsx'

export function Component() {
  return <UsersScreen />
}
