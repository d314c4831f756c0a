import { useTranslation } from 'react-i18next'
import type { Shipment } from '@shop/shared/schemas/delivery'
import { auditTime } from '../../../components/audit/audit-format.tsx'
import { useFormatMoney, useShopTimeZone } from '../../../lib/shop-settings.ts'

type ShipmentEvent = Shipment['history'][number]

/**
 * Issue 42: the shipment's steps, oldest first: what happened, the cash collected, why, how the box came back, who
 * recorded it (a staff member by name, the courier on their phone through the driver link, or the shop itself) and
 * when, on the shop's clock (decision 0230).
 */
export function ShipmentHistory({ events }: { events: ShipmentEvent[] }) {
  const { t, i18n } = useTranslation('dashboard')
  const timeZone = useShopTimeZone()
  const formatMoney = useFormatMoney()
  if (events.length === 0) return null
  return (
    <div className="mt-4">
      <h4 className="mb-2 text-sm font-bold text-stone-800">{t('orders.shipment.history')}</h4>
      <ol className="space-y-2" data-testid="shipment-history">
        {events.map((e, i) => (
          <li key={`${e.created_at}-${i}`} className="rounded-lg bg-sand-100 px-3 py-2 text-sm">
            <p className="font-semibold text-stone-800">
              {t(`orders.shipment.events.${e.status}`, { defaultValue: e.status })}
              {e.condition
                ? ` · ${t(`orders.shipment.conditions.${e.condition}`, { defaultValue: e.condition })}`
                : null}
            </p>
            {e.collected_amount !== null ? (
              <p className="text-stone-800">
                {t('orders.shipment.collected_entry', { amount: formatMoney(e.collected_amount) })}
              </p>
            ) : null}
            {e.reason ? (
              <p className="text-stone-800">
                {t('orders.reason', { reason: '' })}
                <bdi>{e.reason}</bdi>
              </p>
            ) : null}
            <p className="text-xs text-stone-600">
              {/* A name in the other script must not pull the time into its direction. */}
              <bdi>{recordedBy(e, t)}</bdi> ·{' '}
              <time dateTime={e.created_at}>{auditTime(e.created_at, i18n.language, timeZone)}</time>
            </p>
          </li>
        ))}
      </ol>
    </div>
  )
}

function recordedBy(e: ShipmentEvent, t: (key: string, o?: Record<string, string>) => string): string {
  if (e.actor === 'courier')
    return e.by ? t('orders.by_courier', { name: e.by }) : t('orders.by_courier_unnamed')
  if (e.actor === 'staff') return t('orders.changed_by', { name: e.by ?? t('orders.system') })
  return t('orders.by_system')
}
