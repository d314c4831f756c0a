import { MessageCircle, MessageCircleWarning } from 'lucide-react'
import { clsx } from 'clsx'
import { useTranslation } from 'react-i18next'
import type { WhatsAppStatus } from '@shop/shared/schemas/whatsapp'
import { useWhatsAppStatus } from '../api/whatsapp-status.ts'
import { useShopTime, useWhatsAppErrorText } from './whatsapp-words.ts'

/**
 * Issue 41: the WhatsApp channel's state beside an order's conversation: not set up (nothing goes on WhatsApp), failing
 * (the last error in words, since when), templates missing (their names), or a quiet line while it works.
 */
export function WhatsAppState() {
  const { t } = useTranslation('dashboard')
  const time = useShopTime()
  const { data } = useWhatsAppStatus()
  if (!data) return null
  if (data.state === 'working')
    return (
      <p
        data-testid="whatsapp-state"
        data-state="working"
        className="mb-3 flex items-center gap-1.5 text-xs text-stone-600"
      >
        <MessageCircle className="size-4 shrink-0 text-green-700" aria-hidden="true" />
        {data.last_sent_at
          ? t('orders.whatsapp.working_since', { when: time(data.last_sent_at) })
          : t('orders.whatsapp.working')}
      </p>
    )
  return <WhatsAppProblem status={data} testId="whatsapp-state" className="mb-3" />
}

/**
 * Issue 41: on the orders list, as mail's banner: only while WhatsApp fails or misses templates (a shop that never set
 * WhatsApp up is told so beside each order's conversation, not on every visit to the list).
 */
export function WhatsAppStatusBanner() {
  const { data } = useWhatsAppStatus()
  if (!data || data.state === 'working' || data.state === 'not_configured') return null
  return <WhatsAppProblem status={data} testId="whatsapp-status-banner" className="mb-4" />
}

function WhatsAppProblem({
  status: s,
  testId,
  className,
}: {
  status: WhatsAppStatus
  testId: string
  className: string
}) {
  const { t } = useTranslation('dashboard')
  const red = s.state !== 'not_configured'
  return (
    <section
      role="status"
      aria-label={t(`orders.whatsapp.${s.state}_title`)}
      data-testid={testId}
      data-state={s.state}
      className={clsx(
        'flex items-start gap-3 rounded-[var(--radius-card)] border p-3 text-sm',
        red ? 'border-red-300 bg-red-50' : 'border-honey-300 bg-honey-50',
        className,
      )}
    >
      <MessageCircleWarning
        className={clsx('mt-0.5 size-5 shrink-0', red ? 'text-red-700' : 'text-honey-800')}
        aria-hidden="true"
      />
      <div className="min-w-0">
        <p className="font-bold text-stone-900">{t(`orders.whatsapp.${s.state}_title`)}</p>
        <ProblemText status={s} />
        {s.queued > 0 ? (
          <p className="mt-0.5 text-stone-700">{t('orders.whatsapp.queued', { count: s.queued })}</p>
        ) : null}
      </div>
    </section>
  )
}

function ProblemText({ status: s }: { status: WhatsAppStatus }) {
  const { t } = useTranslation('dashboard')
  const time = useShopTime()
  const errorText = useWhatsAppErrorText()
  if (s.state === 'not_configured')
    return (
      <p className="mt-0.5 text-stone-800">
        {t('orders.whatsapp.not_configured_text')}{' '}
        <code dir="ltr" className="rounded bg-white/70 px-1 text-xs">
          docs/operations.md
        </code>
      </p>
    )
  if (s.state === 'templates_missing')
    return (
      <>
        <p className="mt-0.5 text-stone-800">{t('orders.whatsapp.templates_missing_text')}</p>
        <ul className="mt-1 flex flex-wrap gap-1.5">
          {s.missing_templates.map((name) => (
            <li key={name}>
              <code dir="ltr" className="rounded bg-white px-1.5 py-0.5 text-xs text-stone-900">
                {name}
              </code>
            </li>
          ))}
        </ul>
      </>
    )
  return (
    <p className="mt-0.5 break-words text-stone-800">
      {t('orders.whatsapp.failing_text', {
        when: s.last_error_at ? time(s.last_error_at) : '—',
        error: errorText(s.last_error_code, s.last_error),
      })}
    </p>
  )
}
