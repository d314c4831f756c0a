import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, type UseQueryResult } from '@tanstack/react-query'
import { Check, Plus, ShieldPlus } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { Permission } from '@shop/shared/permissions'
import { StaffRoleInput, type StaffRole } from '@shop/shared/schemas/team'
import { EditDeleteButtons } from '../../../components/data-list/columns.tsx'
import { ConfirmDeleteRow } from '../../../components/data-list/confirm-row-action.tsx'
import { useRowAction } from '../../../components/data-list/use-row-action.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Checkbox } from '../../../components/ui/checkbox.tsx'
import { FormDialog, showServerErrors } from '../../../components/ui/form-dialog.tsx'
import { Field, FieldError, Input } from '../../../components/ui/field.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { ErrorState } from '../../../components/ui/states.tsx'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { toast } from '../../../lib/toast.ts'
import { createRole, deleteRole, updateRole } from '../api/staff-api.ts'
import { PERMISSION_GROUPS, roleLabel } from './role-labels.ts'

/** The roles and what each may do, grouped as the permissions are (issue 30); custom roles can be made and changed. */
export function RolesSection({ roles }: { roles: UseQueryResult<StaffRole[]> }) {
  const { t, i18n } = useTranslation('dashboard')
  const [editing, setEditing] = useState<StaffRole | 'new' | null>(null)
  const remove = useRowAction({
    mutationFn: (r: StaffRole) => deleteRole(r.id),
    invalidates: changedBy.staff,
    rowId: (r) => r.id,
    onSuccess: (_x, r) => toast.success(t('staff.roles.deleted', { name: roleLabel(r, i18n.language) })),
    onError: (err) => toast.error(t('common.delete_failed', { message: err.message })),
  })

  if (roles.isPending)
    return (
      <div className="space-y-2" aria-busy="true">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    )
  if (roles.isError)
    return <ErrorState message={t('staff.roles.load_failed')} onRetry={() => void roles.refetch()} />

  return (
    <section aria-labelledby="staff-roles-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="staff-roles-heading" className="text-lg font-bold text-stone-900">
          {t('staff.roles.title')}
        </h2>
        <Button variant="secondary" onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden="true" />
          {t('staff.roles.new')}
        </Button>
      </div>
      <ul className="grid gap-3 lg:grid-cols-2">
        {roles.data.map((role) => (
          <li
            key={role.id}
            className="rounded-[var(--radius-card)] border border-sand-300 bg-white p-4"
            aria-label={roleLabel(role, i18n.language)}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h3 className="font-bold text-stone-900">{roleLabel(role, i18n.language)}</h3>
                <p className="text-sm text-stone-600">
                  {t('staff.roles.members', { count: role.staff_count })}
                </p>
              </div>
              <div className="flex items-center gap-1">
                {role.is_built_in ? (
                  <Badge tone="gray">{t('staff.roles.built_in')}</Badge>
                ) : (
                  <EditDeleteButtons
                    editLabel={t('staff.roles.edit_named', { name: roleLabel(role, i18n.language) })}
                    deleteLabel={t('staff.roles.delete_named', { name: roleLabel(role, i18n.language) })}
                    onEdit={() => setEditing(role)}
                    onDelete={() => remove.ask(role)}
                  />
                )}
              </div>
            </div>
            <PermissionSummary permissions={role.permissions} />
          </li>
        ))}
      </ul>
      <RoleFormDialog role={editing} onClose={() => setEditing(null)} />
      <ConfirmDeleteRow
        action={remove}
        title={t('staff.roles.delete_title')}
        message={(r) => t('staff.roles.delete_confirm', { name: roleLabel(r, i18n.language) })}
      />
    </section>
  )
}

/** What a role may do, by group; groups it has nothing of are left out. */
function PermissionSummary({ permissions }: { permissions: readonly Permission[] }) {
  const { t } = useTranslation('dashboard')
  const groups = PERMISSION_GROUPS.map((g) => ({
    ...g,
    granted: g.permissions.filter((p) => permissions.includes(p)),
  })).filter((g) => g.granted.length > 0)
  return (
    <dl className="mt-3 space-y-2 text-sm">
      {groups.map((g) => (
        <div key={g.key}>
          <dt className="font-semibold text-stone-700">{t(`staff.permission_groups.${g.key}`)}</dt>
          <dd>
            <ul className="mt-1 flex flex-wrap gap-1">
              {g.granted.map((p) => (
                <li
                  key={p}
                  className="inline-flex items-center gap-1 rounded bg-palm-50 px-2 py-0.5 text-palm-800"
                >
                  <Check className="size-3.5 shrink-0" aria-hidden="true" />
                  {t(`staff.permissions.${p}`)}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ))}
    </dl>
  )
}

type RoleValues = StaffRoleInput

function RoleFormDialog({ role, onClose }: { role: StaffRole | 'new' | null; onClose(): void }) {
  const { t } = useTranslation('dashboard')
  const open = role !== null
  const existing = role !== null && role !== 'new' ? role : null
  const form = useForm<RoleValues>({
    resolver: zodResolver(StaffRoleInput),
    defaultValues: { name_ar: '', name_en: '', permissions: [] },
  })
  const errors = form.formState.errors

  useEffect(() => {
    if (!open) return
    form.reset(
      existing
        ? {
            name_ar: existing.name_translations.ar,
            name_en: existing.name_translations.en,
            permissions: [...existing.permissions],
          }
        : { name_ar: '', name_en: '', permissions: [] },
    )
  }, [open, existing, form])

  const save = useMutation({
    mutationFn: (values: RoleValues) => (existing ? updateRole(existing.id, values) : createRole(values)),
    meta: { invalidates: changedBy.staff },
    onSuccess: (saved) => {
      toast.success(
        existing
          ? t('staff.roles.updated', { name: saved.name })
          : t('staff.roles.created', { name: saved.name }),
      )
      onClose()
    },
    onError: (err) => {
      showServerErrors(err, form.setError, ['name_ar', 'name_en', 'permissions'])
      toast.error(t('common.save_failed', { message: err.message }))
    },
  })
  const submit = form.handleSubmit((values) => save.mutate(values))
  const chosen = form.watch('permissions')
  const toggle = (p: Permission, on: boolean) =>
    form.setValue('permissions', on ? [...chosen.filter((x) => x !== p), p] : chosen.filter((x) => x !== p), {
      shouldValidate: form.formState.isSubmitted,
    })

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={existing ? t('staff.roles.edit_title') : t('staff.roles.new_title')}
      size="lg"
      busy={save.isPending}
      submitIcon={<ShieldPlus className="size-4" aria-hidden="true" />}
      onSubmit={submit}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('staff.roles.name_ar')} error={errors.name_ar?.message} required>
          {(p) => (
            <Input {...p} dir="rtl" lang="ar" placeholder="مغلّف الطلبات" {...form.register('name_ar')} />
          )}
        </Field>
        <Field label={t('staff.roles.name_en')} error={errors.name_en?.message} required>
          {(p) => <Input {...p} dir="ltr" lang="en" placeholder="Packer" {...form.register('name_en')} />}
        </Field>
      </div>
      <fieldset aria-describedby={errors.permissions ? 'role-permissions-error' : undefined}>
        <legend className="mb-2 text-sm font-bold text-stone-800">{t('staff.roles.permissions')}</legend>
        <div className="space-y-3">
          {PERMISSION_GROUPS.map((g) => (
            <fieldset key={g.key} className="rounded-[var(--radius-control)] border border-sand-300 p-3">
              <legend className="px-1 text-sm font-semibold text-stone-700">
                {t(`staff.permission_groups.${g.key}`)}
              </legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {g.permissions.map((p) => (
                  <label key={p} className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
                    <Checkbox
                      checked={chosen.includes(p)}
                      onChange={(e) => toggle(p, e.currentTarget.checked)}
                    />
                    {t(`staff.permissions.${p}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
        <FieldError id="role-permissions-error" message={errors.permissions?.message} />
      </fieldset>
    </FormDialog>
  )
}
