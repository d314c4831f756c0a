import { PaymentStepPage } from '../../features/payments/components/payment-step-page.tsx'
import { ClientOnly } from '../client-only.tsx'
import { QueryProvider } from '../../lib/query-provider.tsx'
import { loadSharedMessages } from '../../lib/i18n.ts'
import { screenMeta } from '../seo.ts'
import type { Route } from './+types/checkout-pay'

// The wallet form's validation texts come with its code.
void loadSharedMessages()

export const meta: Route.MetaFunction = ({ matches }) => screenMeta(matches, '/checkout/pay', 'pay.title')

export default function PaymentStepRoute() {
  return (
    <ClientOnly>
      {() => (
        <QueryProvider>
          <PaymentStepPage />
        </QueryProvider>
      )}
    </ClientOnly>
  )
}
