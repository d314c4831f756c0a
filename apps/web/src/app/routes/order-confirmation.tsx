import { OrderConfirmationPage } from '../../features/orders/components/order-confirmation-page.tsx'
import { ClientOnly } from '../client-only.tsx'
import { screenMeta } from '../seo.ts'
import type { Route } from './+types/order-confirmation'

export const meta: Route.MetaFunction = ({ matches }) =>
  screenMeta(matches, '/order-confirmation', 'confirmation.title')

export default function OrderConfirmationPageRoute() {
  return <ClientOnly>{() => <OrderConfirmationPage />}</ClientOnly>
}
