import { CitiesScreen } from '../../../features/dashboard-cities/components/cities-screen.tsx'

export default function Screen() {
  return <CitiesScreen />
}
