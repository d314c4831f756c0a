import { CheckoutPage } from '../../features/checkout/components/checkout-page.tsx'
import { ClientOnly } from '../client-only.tsx'
import { QueryProvider } from '../../lib/query-provider.tsx'
import { screenMeta } from '../seo.ts'
import type { Route } from './+types/checkout'
import { loadSharedMessages } from '../../lib/i18n.ts'

// The form's validation texts come with its code.
void loadSharedMessages()

export const meta: Route.MetaFunction = ({ matches }) => screenMeta(matches, '/checkout', 'checkout.title')

export default function CheckoutPageRoute() {
  return (
    <ClientOnly>
      {() => (
        <QueryProvider>
          <CheckoutPage />
        </QueryProvider>
      )}
    </ClientOnly>
  )
}
