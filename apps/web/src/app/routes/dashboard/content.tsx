import { ContentScreen } from '../../../features/dashboard-content/components/content-screen.tsx'

export default function Screen() {
  return <ContentScreen />
}
