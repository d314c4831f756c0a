import { CartPage } from '../../features/cart/components/cart-page.tsx'
import { ClientOnly } from '../client-only.tsx'
import { QueryProvider } from '../../lib/query-provider.tsx'
import { screenMeta } from '../seo.ts'
import type { Route } from './+types/cart'
import { loadSharedMessages } from '../../lib/i18n.ts'

// Decision 0176: the offer code's refusals (errors.COUPON_…) come with the cart's code.
void loadSharedMessages()

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
