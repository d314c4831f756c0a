import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { UserSummary } from '@shop/shared/schemas/user'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { ErrorState } from '../../../components/ui/states.tsx'
import { shortDate } from '../../../lib/dates.ts'
import { userDetailQuery } from '../api/users-api.ts'

/** "View details" (product.md §2.21): the user and their latest 20 orders. */
export function UserDetailsDialog({ user, onClose }: { user: UserSummary | null; onClose(): void }) {
  const { t, i18n } = useTranslation('dashboard')
  const detail = useQuery({ ...userDetailQuery(user?.id ?? 0), enabled: user !== null })
  const u = detail.data?.user ?? user
  const date = (iso: string) => shortDate(iso, i18n.language)
  const orders = detail.data?.orders ?? []

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(o) => !o && onClose()}
      title={t('users.details_title')}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      }
    >
      {u ? (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-stone-500">{t('users.name')}</dt>
            <dd className="font-semibold">{u.name}</dd>
          </div>
          <div>
            <dt className="text-sm text-stone-500">{t('users.email')}</dt>
            <dd className="font-semibold">
              <bdi dir="ltr">{u.email}</bdi>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-stone-500">{t('users.role')}</dt>
            <dd>
              <Badge tone={u.role === 'user' ? 'gray' : 'palm'}>{t(`users.roles.${u.role}`)}</Badge>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-stone-500">{t('users.status')}</dt>
            <dd>
              <Badge tone={u.is_active ? 'green' : 'red'}>
                {u.is_active ? t('status.active') : t('status.inactive')}
              </Badge>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-stone-500">{t('users.created')}</dt>
            <dd className="ltr-nums">{date(u.created_at)}</dd>
          </div>
          <div>
            <dt className="text-sm text-stone-500">{t('users.orders_total')}</dt>
            <dd>
              <span className="ltr-nums">{u.orders_count}</span> · <Money value={u.orders_total} />
            </dd>
          </div>
        </dl>
      ) : null}
      <h3 className="mt-6 mb-2 font-bold text-stone-900">{t('users.latest_orders')}</h3>
      {detail.isPending ? (
        <Skeleton className="h-24" />
      ) : detail.isError ? (
        <ErrorState message={detail.error.message} onRetry={() => void detail.refetch()} />
      ) : orders.length === 0 ? (
        <p className="rounded-md bg-sand-100 px-4 py-6 text-center text-sm text-stone-600">
          {t('users.no_orders')}
        </p>
      ) : (
        <ul className="divide-y divide-sand-200 rounded-lg border border-sand-300">
          {orders.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
              <span className="font-semibold ltr-nums">{o.order_number}</span>
              <span className="text-stone-500 ltr-nums">{date(o.created_at)}</span>
              <span className="ms-auto">
                <Money value={o.total_amount} />
              </span>
              <OrderStatusBadge status={o.order_status} />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  )
}
