import { useParams } from 'react-router'
import { AcceptInvitationForm } from '../../features/auth/accept-invitation-form.tsx'
import { loadSharedMessages } from '../../lib/i18n.ts'
import { screenMeta } from '../seo.ts'
import type { Route } from './+types/invitation'

// The form's validation texts and the API's error texts come with its code.
void loadSharedMessages()

// The token stays out of the page's canonical address (the page is not indexed either).
export const meta: Route.MetaFunction = ({ matches }) =>
  screenMeta(matches, '/invitation', 'auth.invitation_title')

/** Issue 30: an invited staff member sets their password here (the link of the invitation mail). */
export default function InvitationRoute() {
  const { token = '' } = useParams()
  return <AcceptInvitationForm key={token} token={token} />
}
