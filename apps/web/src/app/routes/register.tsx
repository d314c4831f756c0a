import { RegisterForm } from '../../features/auth/register-form.tsx'
import { screenMeta } from '../seo.ts'
import type { Route } from './+types/register'
import { loadSharedMessages } from '../../lib/i18n.ts'

// The form's validation texts come with its code.
void loadSharedMessages()

export const meta: Route.MetaFunction = ({ matches }) =>
  screenMeta(matches, '/register', 'auth.register_title')

export default function RegisterFormRoute() {
  return <RegisterForm />
}
