import { MyOrdersPage } from '../../features/orders/components/my-orders-page.tsx'
import { ClientOnly } from '../client-only.tsx'
import { QueryProvider } from '../../lib/query-provider.tsx'
import { screenMeta } from '../seo.ts'
import type { Route } from './+types/my-orders'

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
