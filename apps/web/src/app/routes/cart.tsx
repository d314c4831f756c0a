import { CartPage } from '../../features/cart/components/cart-page.tsx'
import { ClientOnly } from '../client-only.tsx'
import { QueryProvider } from '../../lib/query-provider.tsx'
import { screenMeta } from '../seo.ts'
import type { Route } from './+types/cart'

export const meta: Route.MetaFunction = ({ matches }) => screenMeta(matches, '/cart', 'cart.title')

export default function CartPageRoute() {
  return (
    <ClientOnly>
      {() => (
        <QueryProvider>
          <CartPage />
        </QueryProvider>
      )}
    </ClientOnly>
  )
}
