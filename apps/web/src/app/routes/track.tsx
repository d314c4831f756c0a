import { TrackPage } from '../../features/orders/components/track-page.tsx'
import { ClientOnly } from '../client-only.tsx'
import { loadSharedMessages } from '../../lib/i18n.ts'
import { screenMeta } from '../seo.ts'
import type { Route } from './+types/track'

// The tracking form and the cancel dialog show validation texts.
void loadSharedMessages()

// Decision 0068: guest order tracking; drawn in the browser (what it shows depends on what the visitor types or on
// the mail link's token, never on the server's render).
export const meta: Route.MetaFunction = ({ matches }) => screenMeta(matches, '/track', 'track.title')

export default function TrackPageRoute() {
  return <ClientOnly>{() => <TrackPage />}</ClientOnly>
}
