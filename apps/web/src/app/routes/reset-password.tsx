import { ResetPasswordForm } from '../../features/auth/reset-password-form.tsx'

export function ResetPasswordRoute() {
  return <ResetPasswordForm />
}
