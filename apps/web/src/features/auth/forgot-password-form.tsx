import { zodResolver } from '@hookform/resolvers/zod'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useShopSettings } from '../../lib/shop-settings.ts'
import { toast } from '../../lib/toast.ts'
import { ForgotPasswordInput } from '@shop/shared/schemas/auth'
import { Button } from '../../components/ui/button.tsx'
import { Field, Input } from '../../components/ui/field.tsx'
import { errorText, postForgotPassword } from './api/auth-forms.ts'
import { AuthCard } from './auth-card.tsx'

export function ForgotPasswordForm() {
  const { t } = useTranslation('storefront')
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState(false)
  // Issue 39: a shop without mail sends no link; the page says so instead of "sent to your email".
  const mailOff = useShopSettings().mail_enabled === false
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(ForgotPasswordInput),
    defaultValues: { email: '' },
    shouldFocusError: true,
  })
  const errors = form.formState.errors

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true)
    try {
      await postForgotPassword(values)
      if (!mailOff) toast.success(t('auth.forgot_success'))
      setSent(true)
    } catch (err) {
      toast.error(errorText(err, t('auth.forgot_failed')))
    } finally {
      setBusy(false)
    }
  })

  return (
    <AuthCard
      title={t('auth.forgot_title')}
      subtitle={t('auth.forgot_subtitle')}
      icon={<KeyRound className="size-6" aria-hidden="true" />}
      footer={
        <Link to="/login" className="font-semibold text-palm-700 hover:underline">
          {t('auth.back_to_login')}
        </Link>
      }
    >
      {sent ? (
        <p
          role="status"
          className={
            mailOff
              ? 'mb-4 rounded-[var(--radius-control)] bg-honey-50 p-3 text-sm font-semibold text-stone-900'
              : 'mb-4 rounded-[var(--radius-control)] bg-palm-50 p-3 text-sm text-palm-800'
          }
        >
          {mailOff ? t('auth.forgot_sent_note_no_mail') : t('auth.forgot_sent_note')}
        </p>
      ) : null}
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <Field label={t('auth.email')} error={errors.email?.message} required>
          {(p) => <Input {...p} type="email" dir="ltr" autoComplete="email" {...form.register('email')} />}
        </Field>
        <Button type="submit" size="lg" className="w-full" busy={busy}>
          {busy ? t('auth.sending') : t('auth.forgot_button')}
        </Button>
      </form>
    </AuthCard>
  )
}
