import { Info, RotateCcw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { ReorderNotice } from '../../../lib/cart/reorder-notice.ts'

/** Decision 0072: what "order again" put in the cart, at today's prices, and each product it left out with the reason. */
export function ReorderNoticeBanner({ notice }: { notice: ReorderNotice }) {
  const { t } = useTranslation('storefront')
  return (
    <div
      role="status"
      className="mb-5 rounded-[var(--radius-card)] border border-palm-200 bg-palm-50 p-4 text-sm text-stone-900"
    >
      <p className="flex items-start gap-2 font-bold">
        <RotateCcw className="mt-0.5 size-4 shrink-0 text-palm-700 rtl:-scale-x-100" aria-hidden="true" />
        <span>
          {notice.added > 0 ? t('reorder.added', { count: notice.added }) : t('reorder.none_added')}{' '}
          <span className="ltr-nums whitespace-nowrap">{notice.orderNumber}</span>
        </span>
      </p>
      {notice.added > 0 ? <p className="mt-1 ps-6 text-stone-700">{t('reorder.todays_prices')}</p> : null}
      {notice.leftOut.length ? (
        <div className="mt-3 rounded-[var(--radius-control)] border border-honey-300 bg-honey-50 p-3">
          <p className="flex items-center gap-2 font-semibold">
            <Info className="size-4 shrink-0 text-honey-700" aria-hidden="true" />
            {t('reorder.left_out_title')}
          </p>
          <ul className="mt-1.5 list-disc space-y-1 ps-6">
            {notice.leftOut.map((l, i) => (
              <li key={i}>
                <bdi className="font-semibold">{l.name}</bdi>:{' '}
                {t(`reorder.reason.${l.reason}`, { added: l.added ?? 0, wanted: l.wanted ?? 0 })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}
