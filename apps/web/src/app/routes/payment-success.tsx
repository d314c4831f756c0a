import { PaymentResultPage } from '../../features/payments/components/payment-result-page.tsx'
import { ClientOnly } from '../client-only.tsx'
import { QueryProvider } from '../../lib/query-provider.tsx'
import { screenMeta } from '../seo.ts'
import type { Route } from './+types/payment-success'

// A provider sends the shopper back here through the API (payments.service.ts resultPath).
export const meta: Route.MetaFunction = ({ matches }) =>
  screenMeta(matches, '/payment/success', 'pay.result.success_meta')

export default function PaymentSuccessRoute() {
  return (
    <ClientOnly>
      {() => (
        <QueryProvider>
          <PaymentResultPage outcome="success" />
        </QueryProvider>
      )}
    </ClientOnly>
  )
}
