import { zodResolver } from '@hookform/resolvers/zod'
import { LogIn } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { toast } from '../../lib/toast.ts'
import { LoginInput } from '@shop/shared/schemas/auth'
import { Button } from '../../components/ui/button.tsx'
import { Field, Input } from '../../components/ui/field.tsx'
import { errorText, postLogin } from './api/auth-forms.ts'
import { AuthCard } from './auth-card.tsx'
import { useAuth } from '../../lib/auth/auth-provider.tsx'

// product.md §9: the redirect after sign-in waits 100 ms.
export const LOGIN_REDIRECT_DELAY_MS = 100

export function LoginForm() {
  const { t } = useTranslation('storefront')
  const { signIn } = useAuth()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const form = useForm<LoginInput>({
    resolver: zodResolver(LoginInput),
    defaultValues: { email: '', password: '' },
    shouldFocusError: true,
  })
  const errors = form.formState.errors

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true)
    try {
      const res = await postLogin(values)
      if (!res.token || !res.user) {
        toast.error(t('auth.no_token'))
        return
      }
      const user = res.user
      signIn(res.token, user)
      toast.success(t('auth.login_success'))
      // product.md §2.11: an admin goes to the dashboard, everyone else home.
      setTimeout(() => navigate(user.is_admin ? '/dashboard' : '/'), LOGIN_REDIRECT_DELAY_MS)
    } catch (err) {
      toast.error(errorText(err, t('auth.login_failed')))
    } finally {
      setBusy(false)
    }
  })

  return (
    <AuthCard
      title={t('auth.login_title')}
      subtitle={t('auth.login_subtitle')}
      icon={<LogIn className="size-6 rtl:rotate-180" aria-hidden="true" />}
      footer={
        <>
          {t('auth.no_account')}{' '}
          <Link to="/register" className="font-semibold text-palm-700 hover:underline">
            {t('auth.register_link')}
          </Link>
        </>
      }
    >
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <Field label={t('auth.email')} error={errors.email?.message} required>
          {(p) => <Input {...p} type="email" dir="ltr" autoComplete="email" {...form.register('email')} />}
        </Field>
        <Field label={t('auth.password')} error={errors.password?.message} required>
          {(p) => (
            <Input {...p} type="password" autoComplete="current-password" {...form.register('password')} />
          )}
        </Field>
        <div className="text-end">
          <Link to="/forgot-password" className="text-sm font-semibold text-palm-700 hover:underline">
            {t('auth.forgot_link')}
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" busy={busy}>
          {busy ? t('auth.logging_in') : t('auth.login_button')}
        </Button>
      </form>
    </AuthCard>
  )
}
