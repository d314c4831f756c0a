import { AlertTriangle, CheckCircle2, Info } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { SettlementResult } from '@shop/shared/schemas/delivery'
import { Money } from '../../../components/ui/money.tsx'

type Mismatch = SettlementResult['mismatches'][number]

/** Which parcel a line named: its order number, else its tracking number (kept left to right). */
function Reference({ m }: { m: { order_number?: string | null; tracking_number?: string | null } }) {
  const { t } = useTranslation('dashboard')
  const number = m.order_number ?? m.tracking_number
  if (!number) return null
  return (
    <>
      {m.order_number ? t('delivery.result.order') : t('delivery.result.tracking')}{' '}
      <bdi className="ltr-nums font-semibold">{number}</bdi>
    </>
  )
}

/** One line that settled nothing, in words: unknown, not delivered, short, over, already settled. */
function MismatchLine({ m }: { m: Mismatch }) {
  const { t } = useTranslation('dashboard')
  return (
    <li className="py-1.5">
      <span className="text-stone-500">{t('delivery.result.line', { line: m.line })}</span>{' '}
      <Reference m={m} />
      {' — '}
      {t(`delivery.mismatch.${m.kind}`)}
      {m.expected !== undefined && m.got !== undefined ? (
        <span className="block text-xs text-stone-700">
          {t('delivery.mismatch.got')} <Money value={m.got} /> · {t('delivery.mismatch.expected')}{' '}
          <Money value={m.expected} />
        </span>
      ) : null}
    </li>
  )
}

/** What a settlement did (issue 42): a success only when something settled; the lines that matched and those that did not. */
export function SettlementResultView({ result }: { result: SettlementResult }) {
  const { t } = useTranslation('dashboard')
  const settled = result.matched.length > 0
  return (
    <div
      className="space-y-2 rounded-[var(--radius-card)] border border-sand-300 bg-white p-3"
      data-testid="settlement-result"
      aria-live="polite"
    >
      <p
        className={
          settled
            ? 'flex items-start gap-2 font-semibold text-palm-800'
            : 'flex items-start gap-2 font-semibold text-stone-800'
        }
      >
        {settled ? (
          <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        ) : (
          <Info className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        )}
        <span>
          {settled
            ? t('delivery.result.settled', { count: result.matched.length })
            : t('delivery.result.nothing')}
          {settled ? (
            <>
              {' '}
              {result.amount < 0 ? t('delivery.result.shop_pays') : t('delivery.result.paid')}{' '}
              <Money value={Math.abs(result.amount)} />
            </>
          ) : null}
        </span>
      </p>
      {settled ? (
        <ul className="divide-y divide-sand-200 text-sm" aria-label={t('delivery.result.matched_title')}>
          {result.matched.map((m) => (
            <li key={m.line} className="py-1.5">
              <span className="text-stone-500">{t('delivery.result.line', { line: m.line })}</span>{' '}
              <Reference m={m} />
              {' — '}
              {t('delivery.account.collected')} <Money value={m.collected} /> · {t('delivery.account.fee')}{' '}
              <Money value={m.fee} />
            </li>
          ))}
        </ul>
      ) : null}
      {result.mismatches.length > 0 ? (
        <div role="alert">
          <p className="flex items-start gap-2 text-sm font-semibold text-red-800">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('delivery.result.mismatches', { count: result.mismatches.length })}
          </p>
          <ul className="mt-1 divide-y divide-red-100 rounded-md border border-red-200 bg-red-50 px-3 text-sm text-red-950">
            {result.mismatches.map((m) => (
              <MismatchLine key={m.line} m={m} />
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}
