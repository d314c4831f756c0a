import { ChangePasswordForm } from '../../features/account/change-password-form.tsx'

export function ChangePasswordRoute() {
  return <ChangePasswordForm />
}
