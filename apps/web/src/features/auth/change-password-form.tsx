import { zodResolver } from '@hookform/resolvers/zod'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { toast } from '../../lib/toast.ts'
import { ChangePasswordInput } from '@shop/shared/schemas/auth'
import { ApiError } from '../../lib/api-client.ts'
import { getToken } from '../../lib/storage.ts'
import { Button } from '../../components/ui/button.tsx'
import { Field, Input } from '../../components/ui/field.tsx'
import { errorText, postChangePassword } from './api/auth-forms.ts'
import { AuthCard } from './auth-card.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'
import { useAuth } from '../../lib/auth/auth-provider.tsx'

const empty: ChangePasswordInput = { current_password: '', password: '', password_confirmation: '' }

/** Change password, signed in (product.md §2.11). */
export function ChangePasswordForm() {
  const { t } = useTranslation('storefront')
  const { isStaff, user, setUser } = useAuth()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(ChangePasswordInput),
    defaultValues: empty,
    shouldFocusError: true,
  })
  const errors = form.formState.errors

  const onSubmit = form.handleSubmit(async (values) => {
    // product.md §2.11: without a stored token the call is not even tried.
    if (!getToken()) {
      toast.error(t('auth.no_auth_token'))
      return
    }
    setBusy(true)
    try {
      await postChangePassword(values)
      toast.success(t('auth.change_success'))
      form.reset(empty)
      // Decision 0123: the default password is gone; the dashboard's banner with it.
      if (user?.must_change_password) setUser({ ...user, must_change_password: false })
      // Staff go to /dashboard; a shopper would only meet the staff-only page there, so home instead (decision 0016).
      navigate(isStaff ? '/dashboard' : '/')
    } catch (err) {
      // The server's field errors under their fields: a wrong current password, a new one it refuses (decision 0093).
      for (const field of ['current_password', 'password'] as const) {
        const messages = err instanceof ApiError ? err.errors?.[field] : undefined
        if (messages?.length) form.setError(field, { message: messages.join(', ') }, { shouldFocus: true })
      }
      toast.error(errorText(err, t('auth.change_failed')))
    } finally {
      setBusy(false)
    }
  })

  return (
    <AuthCard
      title={t('auth.change_title')}
      subtitle={t('auth.change_subtitle')}
      icon={<KeyRound className="size-6" aria-hidden="true" />}
    >
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <Field label={t('auth.current_password')} error={errors.current_password?.message} required>
          {(p) => (
            <Input
              {...p}
              type="password"
              autoComplete="current-password"
              {...form.register('current_password')}
            />
          )}
        </Field>
        <NewPasswordFields form={form} minLength={8} />
        <Button type="submit" size="lg" className="w-full" busy={busy}>
          {busy ? t('auth.changing') : t('auth.change_button')}
        </Button>
      </form>
    </AuthCard>
  )
}
