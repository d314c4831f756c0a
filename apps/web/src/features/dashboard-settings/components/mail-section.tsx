import { useMutation } from '@tanstack/react-query'
import { CheckCircle2, MailCheck, MailWarning, Send } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { MailTestResult } from '@shop/shared/schemas/mail'
import { Button } from '../../../components/ui/button.tsx'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { dateTime } from '../../../lib/dates.ts'
import { sendTestMail, useMailStatus } from '../../../lib/mail-status.ts'

/**
 * Issue 39: the shop's mail in the settings: its state (not set up, working, failing with the last error) and a test
 * mail that says what happened: sent, not sent because mail is not set up, or the mail server's error.
 */
export function MailSection() {
  const { t, i18n } = useTranslation('dashboard')
  const status = useMailStatus()
  const [result, setResult] = useState<MailTestResult | null>(null)
  const test = useMutation({
    // To the signed-in staff member's own address (the API also takes another `to`).
    mutationFn: () => sendTestMail({}),
    // The state may change with this try (failing, or working again).
    meta: { invalidates: changedBy.mail },
    onMutate: () => setResult(null),
    onSuccess: setResult,
  })
  const when = (iso: string) => dateTime(iso, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  const s = status.data
  return (
    <section
      className="mb-8 rounded-[var(--radius-card)] border border-sand-300 bg-white p-5 shadow-[var(--shadow-soft)]"
      aria-labelledby="mail-settings-title"
    >
      <h2 id="mail-settings-title" className="text-lg font-bold text-stone-900">
        {t('mail_status.settings_title')}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t('mail_status.settings_text')}</p>
      {s ? (
        <div className="mt-3 text-sm" data-testid="mail-state">
          {s.state === 'working' ? (
            <p className="flex items-center gap-2 font-semibold text-palm-800">
              <MailCheck className="size-4" aria-hidden="true" />
              {t('mail_status.working')} ·{' '}
              {s.last_sent_at
                ? t('mail_status.last_sent', { when: when(s.last_sent_at) })
                : t('mail_status.never_sent')}
            </p>
          ) : (
            <p className="flex items-start gap-2 font-semibold text-red-800">
              <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                {s.state === 'failing'
                  ? t('mail_status.failing_text', {
                      when: s.last_error_at ? when(s.last_error_at) : '—',
                      error: s.last_error ?? '',
                    })
                  : t('mail_status.not_configured_title')}
              </span>
            </p>
          )}
          {s.unsent > 0 ? (
            <p className="mt-1 text-stone-700">{t('mail_status.unsent', { count: s.unsent })}</p>
          ) : null}
        </div>
      ) : null}
      <p className="mt-4 text-sm text-stone-700">{t('mail_status.test_to_you')}</p>
      <Button
        className="mt-2"
        busy={test.isPending}
        icon={<Send className="size-4" aria-hidden="true" />}
        onClick={() => test.mutate()}
      >
        {test.isPending ? t('mail_status.testing') : t('mail_status.test')}
      </Button>
      {result ? (
        <p
          role="status"
          className={
            result.outcome === 'sent'
              ? 'mt-3 flex items-start gap-2 rounded-[var(--radius-control)] bg-palm-50 p-3 text-sm text-palm-800'
              : 'mt-3 flex items-start gap-2 rounded-[var(--radius-control)] bg-red-50 p-3 text-sm text-red-800'
          }
        >
          {result.outcome === 'sent' ? (
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : (
            <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          )}
          <span>{result.message}</span>
        </p>
      ) : test.isError ? (
        <p role="alert" className="mt-3 rounded-[var(--radius-control)] bg-red-50 p-3 text-sm text-red-800">
          {t('mail_status.test_failed', { message: test.error.message })}
        </p>
      ) : null}
    </section>
  )
}
