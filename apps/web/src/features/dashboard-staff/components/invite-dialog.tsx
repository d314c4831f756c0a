import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { StaffInvitationInput, type StaffRole } from '@shop/shared/schemas/team'
import { FormDialog, showServerErrors } from '../../../components/ui/form-dialog.tsx'
import { Field, Input, Select } from '../../../components/ui/field.tsx'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { toast } from '../../../lib/toast.ts'
import { inviteStaff } from '../api/staff-api.ts'
import { roleLabel, roleValue, roleRefOf } from './role-labels.ts'

// The role is a select's value: a built-in key or a custom role's id as text (role-labels.ts turns it back).
const InviteForm = StaffInvitationInput.extend({ role: z.string().min(1, 'validation.role_invalid') })
type FormValues = z.input<typeof InviteForm>
const FIELDS = ['email', 'name', 'role'] as const

/**
 * Issue 30: the owner invites a staff member by email with a role (the shared schema checks the form, the server's
 * field errors land under their fields). The mail carries a link to set a password (decision 0196).
 */
export function InviteDialog({
  open,
  roles,
  onClose,
}: {
  open: boolean
  roles: StaffRole[]
  onClose(): void
}) {
  const { t, i18n } = useTranslation('dashboard')
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
    onSuccess: (member) => {
      toast.success(t('staff.invited', { name: member.name, email: member.email }))
      onClose()
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
      description={t('staff.invite_description')}
      busy={invite.isPending}
      submitLabel={t('staff.send_invitation')}
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
