import { LoginForm } from '../../features/auth/login-form.tsx'
import { screenMeta } from '../seo.ts'
import type { Route } from './+types/login'
import { loadSharedMessages } from '../../lib/i18n.ts'

// The form's validation texts come with its code.
void loadSharedMessages()

export const meta: Route.MetaFunction = ({ matches }) => screenMeta(matches, '/login', 'auth.login_title')

export default function LoginFormRoute() {
  return <LoginForm />
}
