import { LogIn, ReceiptText } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LinkButton } from '../../../components/ui/button.tsx'
import { Pagination } from '../../../components/ui/pagination.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { FullPageSpinner } from '../../../components/ui/spinner.tsx'
import { EmptyState, ErrorState } from '../../../components/ui/states.tsx'
import { useAuth } from '../../../lib/auth/auth-provider.tsx'
import { useMyOrders } from '../api/my-orders.ts'
import { OrderCard } from './order-card.tsx'

/** product.md §2.10 my orders: signed-out, loading, error with Try Again, empty, cards. */
export function MyOrdersPage() {
  const { t } = useTranslation('storefront')
  const { status, user } = useAuth()
  const [page, setPage] = useState(1)
  const orders = useMyOrders(status === 'signed-in' ? (user?.id ?? null) : null, page)

  if (status === 'loading') return <FullPageSpinner />
  if (status === 'signed-out') {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="mb-6 text-3xl font-extrabold text-stone-900">{t('orders.title')}</h1>
        <EmptyState
          icon={<LogIn className="size-10 rtl:-scale-x-100" aria-hidden="true" />}
          title={t('orders.please_log_in')}
          text={t('orders.please_log_in_text')}
          action={
            <LinkButton to="/login" size="lg">
              {t('nav.login', { ns: 'common' })}
            </LinkButton>
          }
        />
      </div>
    )
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <h1 className="mb-6 text-3xl font-extrabold text-stone-900">{t('orders.title')}</h1>
      {orders.isPending ? (
        <div className="space-y-4" aria-busy="true" aria-label={t('loading', { ns: 'common' })}>
          {[0, 1, 2].map((i) => (
            <div key={i} className="rounded-[var(--radius-card)] border border-sand-300 bg-white p-5">
              <Skeleton className="h-5 w-1/3" />
              <Skeleton className="mt-2 h-4 w-1/4" />
              <Skeleton className="mt-5 h-16 w-full" />
            </div>
          ))}
        </div>
      ) : orders.isError ? (
        <ErrorState
          title={t('errors.error', { ns: 'common' })}
          message={t('orders.load_failed')}
          onRetry={() => void orders.refetch()}
        />
      ) : orders.data.data.length === 0 ? (
        <EmptyState
          icon={<ReceiptText className="size-10" aria-hidden="true" />}
          title={t('orders.empty_title')}
          text={t('orders.empty_text')}
          action={<LinkButton to="/products">{t('orders.browse_products')}</LinkButton>}
        />
      ) : (
        <>
          <ul className="space-y-5">
            {orders.data.data.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
          <Pagination className="mt-8" page={page} lastPage={orders.data.last_page} onPageChange={setPage} />
        </>
      )}
    </div>
  )
}
