import { StaffScreen } from '../../../features/dashboard-staff/components/staff-screen.tsx'

export default function Screen() {
  return <StaffScreen />
}
