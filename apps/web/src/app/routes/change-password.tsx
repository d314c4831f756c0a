import { ChangePasswordForm } from '../../features/auth/change-password-form.tsx'
import { screenMeta } from '../seo.ts'
import type { Route } from './+types/change-password'
import { ProtectedRoute } from '../guards/protected-route.tsx'
import { loadSharedMessages } from '../../lib/i18n.ts'

// The form's validation texts come with its code.
void loadSharedMessages()

export const meta: Route.MetaFunction = ({ matches }) =>
  screenMeta(matches, '/change-password', 'auth.change_title')

export default function ChangePasswordFormRoute() {
  return (
    <ProtectedRoute>
      <ChangePasswordForm />
    </ProtectedRoute>
  )
}
