import { AuditScreen } from '../../../features/dashboard-audit/components/audit-screen.tsx'

export default function Screen() {
  return <AuditScreen />
}
