import { zodResolver } from '@hookform/resolvers/zod'
import { UserPlus } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { toast } from '../../lib/toast.ts'
import { RegisterInput } from '@shop/shared/schemas/auth'
import { ApiError } from '../../lib/api-client.ts'
import { Button } from '../../components/ui/button.tsx'
import { Field, Input } from '../../components/ui/field.tsx'
import { errorText, flattenErrors, postRegister } from './api/auth-forms.ts'
import { AuthCard } from './auth-card.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'
import { useAuth } from '../../lib/auth/auth-provider.tsx'

const FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const

export function RegisterForm() {
  const { t } = useTranslation('storefront')
  const navigate = useNavigate()
  const { signIn } = useAuth()
  const [busy, setBusy] = useState(false)
  const form = useForm<RegisterInput>({
    resolver: zodResolver(RegisterInput),
    defaultValues: { name: '', email: '', password: '', password_confirmation: '' },
    shouldFocusError: true,
  })
  const errors = form.formState.errors

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true)
    try {
      const res = await postRegister(values)
      // Decision 0138: the answer signs the new shopper in; their first checkout is prefilled from the account.
      if (res.token && res.user) {
        signIn(res.token, res.user)
        toast.success(t('auth.register_success'))
        navigate('/')
      } else {
        toast.success(t('auth.register_success_sign_in'))
        navigate('/login')
      }
    } catch (err) {
      // product.md §2.11: server field errors under their fields, and all of them joined with a comma in the toast.
      if (err instanceof ApiError && err.errors) {
        for (const field of FIELDS) {
          const messages = err.errors[field]
          if (messages?.length) form.setError(field, { message: messages.join(', ') }, { shouldFocus: true })
        }
      }
      const flat = err instanceof ApiError ? flattenErrors(err.errors) : ''
      toast.error(flat || errorText(err, t('auth.register_failed')))
    } finally {
      setBusy(false)
    }
  })

  return (
    <AuthCard
      title={t('auth.register_title')}
      subtitle={t('auth.register_subtitle')}
      icon={<UserPlus className="size-6" aria-hidden="true" />}
      footer={
        <>
          {t('auth.have_account')}{' '}
          <Link to="/login" className="font-semibold text-palm-700 hover:underline">
            {t('auth.login_link')}
          </Link>
        </>
      }
    >
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <Field label={t('auth.name')} error={errors.name?.message} required>
          {(p) => <Input {...p} autoComplete="name" {...form.register('name')} />}
        </Field>
        <Field label={t('auth.email')} error={errors.email?.message} required>
          {(p) => <Input {...p} type="email" dir="ltr" autoComplete="email" {...form.register('email')} />}
        </Field>
        <NewPasswordFields form={form} minLength={6} label="plain" />
        <Button type="submit" size="lg" className="w-full" busy={busy}>
          {busy ? t('auth.registering') : t('auth.register_button')}
        </Button>
      </form>
    </AuthCard>
  )
}
