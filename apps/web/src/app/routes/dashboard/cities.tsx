import { CitiesScreen } from '../../../features/dashboard-cities/components/cities-screen.tsx'

export function Component() {
  return <CitiesScreen />
}
