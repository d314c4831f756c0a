import { RegisterForm } from '../../features/auth/register-form.tsx'

export function RegisterRoute() {
  return <RegisterForm />
}
