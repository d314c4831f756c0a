import { MailWarning } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { dateTime } from '../../lib/dates.ts'
import { useMailStatus } from '../../lib/mail-status.ts'

/**
 * Issue 39: a banner on the screens where mail matters (overview, orders, staff) while no mail leaves the shop (not
 * set up) or the mail server refuses it (its last error and when). Nothing while mail works or the state is unknown.
 */
export function MailStatusBanner() {
  const { t, i18n } = useTranslation('dashboard')
  const { data } = useMailStatus()
  if (!data || data.state === 'working') return null
  const failing = data.state === 'failing'
  return (
    <section
      role="status"
      aria-labelledby="mail-status-title"
      data-testid="mail-status-banner"
      className={
        failing
          ? 'mb-4 flex items-start gap-3 rounded-[var(--radius-card)] border border-red-300 bg-red-50 p-3'
          : 'mb-4 flex items-start gap-3 rounded-[var(--radius-card)] border border-honey-300 bg-honey-50 p-3'
      }
    >
      <MailWarning
        className={failing ? 'mt-0.5 size-5 shrink-0 text-red-700' : 'mt-0.5 size-5 shrink-0 text-honey-800'}
        aria-hidden="true"
      />
      <div className="min-w-0 text-sm">
        <h2 id="mail-status-title" className="font-bold text-stone-900">
          {failing ? t('mail_status.failing_title') : t('mail_status.not_configured_title')}
        </h2>
        <p className="mt-0.5 text-stone-800">
          {failing ? (
            t('mail_status.failing_text', {
              when: data.last_error_at
                ? dateTime(data.last_error_at, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
                : '—',
              error: data.last_error ?? '',
            })
          ) : (
            <bdi>{t('mail_status.not_configured_text')}</bdi>
          )}
        </p>
        {data.unsent > 0 ? (
          <p className="mt-0.5 text-stone-700">{t('mail_status.unsent', { count: data.unsent })}</p>
        ) : null}
      </div>
    </section>
  )
}
