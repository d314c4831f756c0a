import { zodResolver } from '@hookform/resolvers/zod'
import { LockKeyhole } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { toast } from '../../lib/toast.ts'
import { ResetPasswordInput } from '@shop/shared/schemas/auth'
import { Button } from '../../components/ui/button.tsx'
import { errorText, postResetPassword } from './api/auth-forms.ts'
import { ApiError } from '../../lib/api-client.ts'
import { AuthCard } from './auth-card.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'

/** product.md §2.11: token and email come from the link; either missing → toast 'Invalid reset link' and /login. */
export function ResetPasswordForm() {
  const { t } = useTranslation('storefront')
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const email = params.get('email') ?? ''
  const valid = Boolean(token && email)
  const warned = useRef(false)
  useEffect(() => {
    if (!valid && !warned.current) {
      warned.current = true
      toast.error(t('auth.invalid_reset_link'))
    }
  }, [valid, t])
  if (!valid) return <Navigate to="/login" replace />
  return <ResetPasswordFields token={token} email={email} />
}

function ResetPasswordFields({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation('storefront')
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(ResetPasswordInput),
    defaultValues: { token, email, password: '', password_confirmation: '' },
    shouldFocusError: true,
  })
  const errors = form.formState.errors

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true)
    try {
      await postResetPassword(values)
      toast.success(t('auth.reset_success'))
      navigate('/login')
    } catch (err) {
      // A new password the server refuses (a common one, decision 0093) is said under the field too.
      const messages = err instanceof ApiError ? err.errors?.password : undefined
      if (messages?.length) form.setError('password', { message: messages.join(', ') }, { shouldFocus: true })
      toast.error(errorText(err, t('auth.reset_failed')))
    } finally {
      setBusy(false)
    }
  })

  return (
    <AuthCard
      title={t('auth.reset_title')}
      subtitle={
        <>
          {t('auth.reset_subtitle')} <span dir="ltr">{email}</span>
        </>
      }
      icon={<LockKeyhole className="size-6" aria-hidden="true" />}
      footer={
        <Link to="/login" className="font-semibold text-palm-700 hover:underline">
          {t('auth.back_to_login')}
        </Link>
      }
    >
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        {errors.token?.message || errors.email?.message ? (
          <p role="alert" className="text-sm text-red-700">
            {t('auth.invalid_reset_link')}
          </p>
        ) : null}
        <NewPasswordFields form={form} minLength={8} />
        <Button type="submit" size="lg" className="w-full" busy={busy}>
          {busy ? t('auth.resetting') : t('auth.reset_button')}
        </Button>
      </form>
    </AuthCard>
  )
}
