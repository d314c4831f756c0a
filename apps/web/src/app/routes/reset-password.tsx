import { ResetPasswordForm } from '../../features/auth/reset-password-form.tsx'
import { screenMeta } from '../seo.ts'
import type { Route } from './+types/reset-password'
import { loadSharedMessages } from '../../lib/i18n.ts'

// The form's validation texts come with its code.
void loadSharedMessages()

export const meta: Route.MetaFunction = ({ matches }) =>
  screenMeta(matches, '/reset-password', 'auth.reset_title')

export default function ResetPasswordFormRoute() {
  return <ResetPasswordForm />
}
