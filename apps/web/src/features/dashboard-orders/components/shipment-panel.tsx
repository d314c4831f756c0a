import { useQuery } from '@tanstack/react-query'
import { AlertTriangle, CheckCircle2, Truck } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Shipment, ShipmentStatus } from '@shop/shared/schemas/delivery'
import type { Order, OrderShipment } from '@shop/shared/schemas/order'
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { useCan } from '../../../lib/auth/permissions.ts'
import { shipmentQuery } from '../api/shipments-api.ts'
import { PackingSlipButton } from './packing-slip-button.tsx'
import { ShipmentHistory } from './shipment-history.tsx'
import { ShipmentOutcomeForm, type OutcomeKind } from './shipment-outcome-form.tsx'

const TONE: Record<ShipmentStatus, BadgeTone> = {
  out_for_delivery: 'blue',
  delivered: 'green',
  refused: 'red',
  failed_attempt: 'amber',
  returned: 'gray',
}

/** What staff may record next from each status (the API's table: shipments.service.ts FROM). */
const NEXT: Record<ShipmentStatus, readonly OutcomeKind[]> = {
  out_for_delivery: ['delivered', 'refused', 'failed_attempt'],
  failed_attempt: ['delivered', 'refused', 'failed_attempt', 'returned'],
  refused: ['returned'],
  delivered: [],
  returned: [],
}

export function ShipmentStatusBadge({ status }: { status: ShipmentStatus }) {
  const { t } = useTranslation('dashboard')
  return <Badge tone={TONE[status]}>{t(`orders.shipment.statuses.${status}`)}</Badge>
}

/**
 * Issue 42 (decision 0237): the order's Delivery panel: who carries it, its tracking number and the courier's link, how
 * it stands in words, the cash to collect and what was collected, the fee, the tries, its history, the packing slip and
 * (delivery.manage) what happened at the door. Staff without delivery.manage see the order's own summary.
 */
export function ShipmentPanel({ order }: { order: Order & { shipment: OrderShipment } }) {
  const can = useCan()
  return (
    <section
      aria-labelledby="shipment-panel-title"
      data-testid="shipment-panel"
      className="mb-5 rounded-[var(--radius-card)] border border-sand-300 bg-white p-4"
    >
      {can('delivery.manage') ? (
        <ManagedShipment order={order} />
      ) : (
        <PanelHead order={order} status={order.shipment.status}>
          <Facts shipment={order.shipment} />
        </PanelHead>
      )}
    </section>
  )
}

function PanelHead({
  order,
  status,
  children,
}: {
  order: Order
  status: ShipmentStatus
  children: ReactNode
}) {
  const { t } = useTranslation('dashboard')
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="shipment-panel-title" className="flex items-center gap-2 font-bold text-stone-900">
          <Truck className="size-5 text-palm-700 rtl:-scale-x-100" aria-hidden="true" />
          {t('orders.shipment.title')}
          <ShipmentStatusBadge status={status} />
        </h3>
        <PackingSlipButton orderId={order.id} />
      </div>
      {children}
    </>
  )
}

function ManagedShipment({ order }: { order: Order & { shipment: OrderShipment } }) {
  const { t } = useTranslation('dashboard')
  const shipment = useQuery(shipmentQuery(order.shipment.id))
  const [acting, setActing] = useState<OutcomeKind | null>(null)
  if (shipment.isPending)
    return (
      <PanelHead order={order} status={order.shipment.status}>
        <Skeleton className="mt-3 h-24" />
      </PanelHead>
    )
  if (shipment.isError)
    return (
      <PanelHead order={order} status={order.shipment.status}>
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 text-sm text-red-700">
          <p>{t('orders.shipment.load_failed', { message: shipment.error.message })}</p>
          <Button variant="secondary" size="sm" onClick={() => void shipment.refetch()}>
            {t('common:actions.try_again')}
          </Button>
        </div>
      </PanelHead>
    )
  const s = shipment.data
  const next = s.settled ? [] : NEXT[s.status]
  return (
    <PanelHead order={order} status={s.status}>
      <Facts shipment={s} />
      {s.settled ? (
        <p className="mt-3 flex items-center gap-2 text-sm font-semibold text-palm-800">
          <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
          {t('orders.shipment.settled')}
        </p>
      ) : null}
      {next.length > 0 ? (
        <div
          className="mt-3 flex flex-wrap gap-2"
          role="group"
          aria-label={t('orders.shipment.what_happened')}
        >
          {next.map((kind) => (
            <Button
              key={kind}
              size="sm"
              variant={acting === kind ? 'primary' : 'secondary'}
              aria-pressed={acting === kind}
              onClick={() => setActing(acting === kind ? null : kind)}
            >
              {t(`orders.shipment.actions.${kind}`)}
            </Button>
          ))}
        </div>
      ) : null}
      {acting ? (
        <ShipmentOutcomeForm key={acting} shipment={s} kind={acting} onDone={() => setActing(null)} />
      ) : null}
      <ShipmentHistory events={s.history} />
    </PanelHead>
  )
}

/** The shipment's facts; the order's summary has the first few only. */
function Facts({ shipment: s }: { shipment: OrderShipment | Shipment }) {
  const { t } = useTranslation('dashboard')
  const full = 'cod_amount' in s ? s : null
  return (
    <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      <Fact label={t('orders.shipment.courier')}>
        {s.courier_name}{' '}
        <span className="text-stone-600">({t(`orders.shipment.kinds.${s.courier_kind}`)})</span>
      </Fact>
      <Fact label={t('orders.shipment.tracking_number')}>
        {s.tracking_number ? (
          <span className="flex flex-wrap items-center gap-x-3">
            <span dir="ltr" className="font-semibold">
              {s.tracking_number}
            </span>
            {s.tracking_url ? (
              <a
                href={s.tracking_url}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-palm-700 underline underline-offset-2 hover:text-palm-800"
              >
                {t('orders.shipment.track_with', { courier: s.courier_name })}
              </a>
            ) : null}
          </span>
        ) : (
          <span className="text-stone-600">{t('orders.shipment.no_tracking_number')}</span>
        )}
      </Fact>
      {full ? (
        <>
          <Fact label={t('orders.shipment.to_collect')}>
            {full.cod_amount > 0 ? (
              <Money value={full.cod_amount} className="font-semibold" />
            ) : (
              t('orders.shipment.nothing_to_collect')
            )}
          </Fact>
          <Fact label={t('orders.shipment.collected')}>
            {full.collected_amount === null ? (
              <span className="text-stone-600">—</span>
            ) : (
              <span className="flex flex-wrap items-center gap-x-2">
                <Money value={full.collected_amount} className="font-semibold" />
                {full.collected_mismatch ? (
                  <span className="inline-flex items-center gap-1 font-semibold text-red-700">
                    <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
                    {t('orders.shipment.mismatch')}
                  </span>
                ) : null}
              </span>
            )}
          </Fact>
          <Fact label={t('orders.shipment.fee')}>
            <Money value={full.fee} />
          </Fact>
          <Fact label={t('orders.shipment.attempts')}>
            <span className="ltr-nums">{full.attempts}</span>
          </Fact>
          {full.reason ? (
            <Fact label={t('orders.shipment.last_reason')}>
              <bdi>{full.reason}</bdi>
            </Fact>
          ) : null}
          {full.condition ? (
            <Fact label={t('orders.shipment.came_back')}>
              {t(`orders.shipment.conditions.${full.condition}`)}
            </Fact>
          ) : null}
        </>
      ) : null}
    </dl>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-stone-600">{label}</dt>
      <dd className="text-stone-900">{children}</dd>
    </div>
  )
}
