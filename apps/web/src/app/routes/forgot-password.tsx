import { ForgotPasswordForm } from '../../features/auth/forgot-password-form.tsx'
import { screenMeta } from '../seo.ts'
import type { Route } from './+types/forgot-password'
import { loadSharedMessages } from '../../lib/i18n.ts'

// The form's validation texts come with its code.
void loadSharedMessages()

export const meta: Route.MetaFunction = ({ matches }) =>
  screenMeta(matches, '/forgot-password', 'auth.forgot_title')

export default function ForgotPasswordFormRoute() {
  return <ForgotPasswordForm />
}
