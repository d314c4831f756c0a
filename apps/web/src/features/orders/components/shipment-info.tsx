import { Truck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { OrderShipment } from '@shop/shared/schemas/order'

/**
 * Issue 42: an order out for delivery says who brings it and, for a courier company, the parcel's tracking number and
 * a link to follow it on the courier's own site (a new tab).
 */
export function ShipmentInfo({ shipment }: { shipment: OrderShipment }) {
  const { t } = useTranslation('storefront')
  const name = shipment.courier_name
  return (
    <div className="mt-1.5 space-y-1.5" data-testid="order-shipment">
      <p className="flex items-start gap-2 font-semibold text-stone-900">
        <Truck className="mt-0.5 size-4 shrink-0 text-stone-600 rtl:-scale-x-100" aria-hidden="true" />
        {t('orders.shipment.with', { name })}
      </p>
      {shipment.tracking_number ? (
        <p className="ps-6">
          {t('orders.shipment.number')}:{' '}
          <span dir="ltr" className="font-semibold">
            {shipment.tracking_number}
          </span>
        </p>
      ) : null}
      {shipment.tracking_url ? (
        <a
          href={shipment.tracking_url}
          target="_blank"
          rel="noopener noreferrer"
          className="ms-6 inline-flex min-h-9 items-center font-semibold text-palm-700 underline"
        >
          {t('orders.shipment.track', { name })}
        </a>
      ) : null}
    </div>
  )
}
