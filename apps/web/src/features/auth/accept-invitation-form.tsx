import { zodResolver } from '@hookform/resolvers/zod'
import { UserRoundCheck } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { AcceptInvitationInput } from '@shop/shared/schemas/auth'
import type { InvitationInfo } from '@shop/shared/schemas/team'
import { Button } from '../../components/ui/button.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { useAuth } from '../../lib/auth/auth-provider.tsx'
import { toast } from '../../lib/toast.ts'
import { errorText, getInvitation, postAcceptInvitation } from './api/auth-forms.ts'
import { AuthCard } from './auth-card.tsx'
import { LOGIN_REDIRECT_DELAY_MS } from './login-form.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'

/** A name in the other script keeps its own direction inside the sentence (Unicode first-strong isolate). */
const isolate = (text: string) => `\u2068${text}\u2069`

type Loaded =
  { state: 'loading' } | { state: 'ready'; info: InvitationInfo } | { state: 'invalid'; message: string }

/**
 * Issue 30 (decision 0196): the page an invitation mail links to. It says who is invited to which shop and role, asks
 * for a password (the reset's rules), then signs the new staff member in and opens the dashboard. A used, unknown or
 * expired link says so, with the server's translated reason.
 */
export function AcceptInvitationForm({ token }: { token: string }) {
  const { t } = useTranslation('storefront')
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })

  useEffect(() => {
    let cancelled = false
    getInvitation(token)
      .then((info) => !cancelled && setLoaded({ state: 'ready', info }))
      .catch(
        (err) =>
          !cancelled &&
          setLoaded({ state: 'invalid', message: errorText(err, t('auth.invitation_invalid')) }),
      )
    return () => {
      cancelled = true
    }
  }, [token, t])

  const icon = <UserRoundCheck className="size-6" aria-hidden="true" />
  if (loaded.state === 'loading')
    return (
      <AuthCard title={t('auth.invitation_title')} icon={icon}>
        <div className="flex justify-center py-6" role="status" aria-label={t('auth.invitation_loading')}>
          <Spinner />
        </div>
      </AuthCard>
    )
  if (loaded.state === 'invalid') return <InvitationInvalid message={loaded.message} />
  return (
    <AcceptFields
      token={token}
      info={loaded.info}
      onInvalid={(message) => setLoaded({ state: 'invalid', message })}
    />
  )
}

function InvitationInvalid({ message }: { message: string }) {
  const { t } = useTranslation('storefront')
  return (
    <AuthCard
      title={t('auth.invitation_title')}
      icon={<UserRoundCheck className="size-6" aria-hidden="true" />}
      footer={
        <Link to="/login" className="font-semibold text-palm-700 hover:underline">
          {t('auth.back_to_login')}
        </Link>
      }
    >
      <p role="alert" className="text-center text-red-700">
        {message}
      </p>
    </AuthCard>
  )
}

function AcceptFields({
  token,
  info,
  onInvalid,
}: {
  token: string
  info: InvitationInfo
  onInvalid(message: string): void
}) {
  const { t } = useTranslation('storefront')
  const { signIn } = useAuth()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const form = useForm<AcceptInvitationInput>({
    resolver: zodResolver(AcceptInvitationInput),
    defaultValues: { token, password: '', password_confirmation: '' },
    shouldFocusError: true,
  })

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true)
    try {
      const res = await postAcceptInvitation(values)
      signIn(res.token, res.user)
      toast.success(t('auth.invitation_accepted', { shop: info.shop_name }))
      setTimeout(() => navigate('/dashboard'), LOGIN_REDIRECT_DELAY_MS)
    } catch (err) {
      const code = err instanceof ApiError ? err.code : undefined
      if (code === 'INVALID_INVITATION' || code === 'INVITATION_EXPIRED') {
        onInvalid(errorText(err, t('auth.invitation_invalid')))
        return
      }
      // A password the server refuses (a common one, decision 0093) is said under the field.
      const messages = err instanceof ApiError ? err.errors?.password : undefined
      if (messages?.length) form.setError('password', { message: messages.join(', ') }, { shouldFocus: true })
      toast.error(errorText(err, t('auth.invitation_failed')))
    } finally {
      setBusy(false)
    }
  })

  return (
    <AuthCard
      title={t('auth.invitation_title')}
      subtitle={t('auth.invitation_subtitle', {
        name: isolate(info.name),
        shop: isolate(info.shop_name),
        role: isolate(info.role_name),
      })}
      icon={<UserRoundCheck className="size-6" aria-hidden="true" />}
    >
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <p className="text-sm text-stone-600">
          {info.invited_by ? t('auth.invitation_by', { name: isolate(info.invited_by) }) + ' ' : null}
          {t('auth.invitation_email')} <span dir="ltr">{info.email}</span>
        </p>
        <NewPasswordFields form={form} minLength={8} />
        <Button type="submit" size="lg" className="w-full" busy={busy}>
          {t('auth.invitation_button')}
        </Button>
      </form>
    </AuthCard>
  )
}
