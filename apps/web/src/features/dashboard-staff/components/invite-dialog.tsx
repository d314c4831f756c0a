import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { StaffInvitationInput, type StaffInvitation, type StaffRole } from '@shop/shared/schemas/team'
import { FormDialog, showServerErrors } from '../../../components/ui/form-dialog.tsx'
import { Field, Input, Select } from '../../../components/ui/field.tsx'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { useMailWorks } from '../../../lib/mail-status.ts'
import { toast } from '../../../lib/toast.ts'
import { inviteStaff } from '../api/staff-api.ts'
import { roleLabel, roleValue, roleRefOf } from './role-labels.ts'

// The role is a select's value: a built-in key or a custom role's id as text (role-labels.ts turns it back).
const InviteForm = StaffInvitationInput.extend({ role: z.string().min(1, 'validation.role_invalid') })
type FormValues = z.input<typeof InviteForm>
const FIELDS = ['email', 'name', 'role'] as const

/**
 * Issue 30: the owner invites a staff member by email with a role (the shared schema checks the form, the server's
 * field errors land under their fields). The mail carries a link to set a password (decision 0196); the answer's link
 * goes to `onInvited`, which shows it to copy (issue 39: without mail it is the only way the link reaches anyone).
 */
export function InviteDialog({
  open,
  roles,
  onClose,
  onInvited,
}: {
  open: boolean
  roles: StaffRole[]
  onClose(): void
  onInvited(invitation: StaffInvitation): void
}) {
  const { t, i18n } = useTranslation('dashboard')
  const mailWorks = useMailWorks()
  const form = useForm<FormValues>({
    resolver: zodResolver(InviteForm),
    defaultValues: { email: '', name: '', role: 'order_clerk' },
  })
  const errors = form.formState.errors

  useEffect(() => {
    if (open) form.reset({ email: '', name: '', role: 'order_clerk' })
  }, [open, form])

  const invite = useMutation({
    mutationFn: (values: FormValues) =>
      inviteStaff({ email: values.email, name: values.name, role: roleRefOf(values.role) }),
    meta: { invalidates: changedBy.staff },
    onSuccess: (invitation) => {
      // "Sent" only when mail leaves the shop; otherwise what happened: a link was made.
      toast.success(
        mailWorks
          ? t('staff.invited', { name: invitation.name, email: invitation.email })
          : t('staff.link_created', { email: invitation.email }),
      )
      onClose()
      onInvited(invitation)
    },
    onError: (err) => {
      showServerErrors(err, form.setError, FIELDS, { focus: true })
      toast.error(t('staff.invite_failed', { message: err.message }))
    },
  })

  const submit = form.handleSubmit((values) => invite.mutate(values))

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('staff.invite_title')}
      description={mailWorks ? t('staff.invite_description') : t('staff.invite_description_no_mail')}
      busy={invite.isPending}
      submitLabel={mailWorks ? t('staff.send_invitation') : t('staff.send_invitation_no_mail')}
      onSubmit={submit}
    >
      <Field label={t('staff.name')} error={errors.name?.message} required>
        {(p) => <Input {...p} autoComplete="off" {...form.register('name')} />}
      </Field>
      <Field label={t('staff.email')} error={errors.email?.message} required>
        {(p) => (
          <Input
            {...p}
            type="email"
            dir="ltr"
            autoComplete="off"
            inputMode="email"
            {...form.register('email')}
          />
        )}
      </Field>
      <Field label={t('staff.role')} error={errors.role?.message} required>
        {(p) => (
          <Select {...p} {...form.register('role')}>
            {roles.map((r) => (
              <option key={r.id} value={roleValue(r)}>
                {roleLabel(r, i18n.language)}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </FormDialog>
  )
}
