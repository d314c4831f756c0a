import { ForgotPasswordForm } from '../../features/auth/forgot-password-form.tsx'

export function ForgotPasswordRoute() {
  return <ForgotPasswordForm />
}
