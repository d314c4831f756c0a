import { MyOrdersPage } from '../../features/orders/components/my-orders-page.tsx'
import { ClientOnly } from '../client-only.tsx'
import { loadSharedMessages } from '../../lib/i18n.ts'
import { QueryProvider } from '../../lib/query-provider.tsx'
import { screenMeta } from '../seo.ts'
import type { Route } from './+types/my-orders'

// The cancel dialog shows validation texts.
void loadSharedMessages()

export const meta: Route.MetaFunction = ({ matches }) => screenMeta(matches, '/my-orders', 'orders.title')

export default function MyOrdersPageRoute() {
  return (
    <ClientOnly>
      {() => (
        <QueryProvider>
          <MyOrdersPage />
        </QueryProvider>
      )}
    </ClientOnly>
  )
}
