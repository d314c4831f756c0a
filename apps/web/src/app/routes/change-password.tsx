import { ChangePasswordForm } from '../../features/account/change-password-form.tsx'
import { ProtectedRoute } from '../guards/protected-route.tsx'

/** The guard comes with the screen (issue 7): no other storefront route needs it, so it is not in the first download. */
export function ChangePasswordRoute() {
  return (
    <ProtectedRoute>
      <ChangePasswordForm />
    </ProtectedRoute>
  )
}
