import { Eye, ShieldCheck, UserCheck, UserX, Users } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ROLES, type Role } from '@shop/shared/schemas/auth'
import type { UserSummary } from '@shop/shared/schemas/user'
import { ConfirmRowAction } from '../../../components/data-list/confirm-row-action.tsx'
import { ListScreen, selectFilter } from '../../../components/data-list/data-list.tsx'
import { actionsColumn } from '../../../components/data-list/columns.tsx'
import type { DataColumn } from '../../../components/data-list/data-table.tsx'
import { useDataList } from '../../../components/data-list/use-data-list.ts'
import { useRowAction } from '../../../components/data-list/use-row-action.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Select } from '../../../components/ui/field.tsx'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import { useAuth } from '../../../lib/auth/auth-provider.tsx'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { shortDate } from '../../../lib/dates.ts'
import { toast } from '../../../lib/toast.ts'
import { setUserRole, setUserStatus, userListQuery } from '../api/users-api.ts'
import { UserDetailsDialog } from './user-details-dialog.tsx'

const ROLE_TONE = { user: 'gray', admin: 'palm', super_admin: 'honey' } as const

/** Dashboard users (product.md §2.21): search, the role filter, view details, change role, activate/deactivate. */
export function UsersScreen() {
  const { t, i18n } = useTranslation('dashboard')
  const { user: me } = useAuth()
  const isSuper = me?.role === 'super_admin'
  // product.md §6.3 (the API's rules): nobody changes their own role or activity; roles are changed by a super admin
  // only; a super admin's activity is changed by a super admin only.
  const canChangeRole = (u: UserSummary) => isSuper && u.id !== me?.id
  const canChangeStatus = (u: UserSummary) =>
    me !== null && u.id !== me.id && (isSuper || u.role !== 'super_admin')
  const [viewing, setViewing] = useState<UserSummary | null>(null)
  const roleLabel = (r: string) => t(`users.roles.${r}`, { defaultValue: r })

  const list = useDataList({
    query: userListQuery,
    getRowId: (u) => u.id,
    filters: {
      role: selectFilter(t('users.role_filter'), [
        { value: 'all', label: t('users.all_roles') },
        ...ROLES.map((r) => ({ value: r, label: roleLabel(r) })),
      ]),
    },
  })
  const changeRole = useRowAction({
    mutationFn: (c: { user: UserSummary; role: Role }) => setUserRole(c.user.id, c.role),
    invalidates: changedBy.user,
    rowId: (c) => c.user.id,
    onSuccess: (_r, c) =>
      toast.success(t('users.role_changed', { name: c.user.name, role: roleLabel(c.role) })),
    onError: (err) => toast.error(t('common.update_failed', { message: err.message })),
  })
  const changeStatus = useRowAction({
    mutationFn: (u: UserSummary) => setUserStatus(u.id, !u.is_active),
    invalidates: changedBy.user,
    rowId: (u) => u.id,
    onSuccess: (_r, u) =>
      toast.success(
        u.is_active ? t('users.deactivated', { name: u.name }) : t('users.activated', { name: u.name }),
      ),
    onError: (err) => toast.error(t('common.update_failed', { message: err.message })),
  })

  // The list's columns (product.md §2.21); a new column is one more entry here.
  const columns: DataColumn<UserSummary>[] = [
    {
      id: 'name',
      header: t('users.name'),
      card: 'title',
      cell: (u) => (
        <div>
          <p className="font-semibold text-stone-900">
            {u.name}
            {u.id === me?.id ? (
              <span className="ms-1 text-xs font-normal text-stone-500">({t('users.you')})</span>
            ) : null}
          </p>
          {!u.is_active ? (
            <Badge tone="red" className="mt-0.5">
              {t('status.inactive')}
            </Badge>
          ) : null}
        </div>
      ),
    },
    {
      id: 'email',
      header: t('users.email'),
      card: 'subtitle',
      cell: (u) => (
        <span dir="ltr" className="break-all">
          {u.email}
        </span>
      ),
    },
    {
      id: 'role',
      header: t('users.role'),
      card: 'status',
      cell: (u) => <Badge tone={ROLE_TONE[u.role] ?? 'gray'}>{roleLabel(u.role)}</Badge>,
    },
    {
      id: 'created',
      header: t('users.created'),
      cell: (u) => (
        <span className="ltr-nums whitespace-nowrap">{shortDate(u.created_at, i18n.language)}</span>
      ),
    },
    {
      id: 'orders',
      header: t('users.orders_count'),
      cell: (u) => <span className="ltr-nums">{u.orders_count}</span>,
    },
    actionsColumn<UserSummary>(t, (u) => (
      <>
        <IconButton
          label={t('users.view_named', { name: u.name })}
          icon={<Eye aria-hidden="true" />}
          onClick={() => setViewing(u)}
        />
        {canChangeRole(u) ? (
          <IconButton
            label={t('users.change_role_named', { name: u.name })}
            icon={<ShieldCheck aria-hidden="true" />}
            tone="primary"
            onClick={() => changeRole.ask({ user: u, role: u.role })}
          />
        ) : null}
        {canChangeStatus(u) ? (
          <IconButton
            label={
              u.is_active
                ? t('users.deactivate_named', { name: u.name })
                : t('users.activate_named', { name: u.name })
            }
            icon={u.is_active ? <UserX aria-hidden="true" /> : <UserCheck aria-hidden="true" />}
            tone={u.is_active ? 'danger' : 'primary'}
            onClick={() => changeStatus.ask(u)}
          />
        ) : null}
      </>
    )),
  ]

  return (
    <ListScreen
      title={t('users.title')}
      searchLabel={t('users.search')}
      list={list}
      columns={columns}
      loadFailed={t('users.load_failed')}
      empty={{ title: t('users.empty'), icon: <Users className="size-10" aria-hidden="true" /> }}
    >
      <UserDetailsDialog user={viewing} onClose={() => setViewing(null)} />
      <ConfirmRowAction
        action={changeRole}
        title={(c) => t('users.change_role_title', { name: c.user.name })}
        tone={() => 'primary'}
        canConfirm={(c) => c.role !== c.user.role}
        confirmLabel={() => t('users.change_role')}
        message={(c) => (
          <label className="block">
            <span className="mb-1 block text-sm font-semibold text-stone-700">{t('users.new_role')}</span>
            <Select
              value={c.role}
              onChange={(e) => changeRole.setAsking({ ...c, role: e.target.value as Role })}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {roleLabel(r)}
                </option>
              ))}
            </Select>
          </label>
        )}
      />
      <ConfirmRowAction
        action={changeStatus}
        title={(u) => (u.is_active ? t('users.deactivate_title') : t('users.activate_title'))}
        message={(u) =>
          u.is_active
            ? t('users.deactivate_confirm', { name: u.name })
            : t('users.activate_confirm', { name: u.name })
        }
        tone={(u) => (u.is_active ? 'danger' : 'primary')}
        confirmLabel={(u) => (u.is_active ? t('status.deactivate') : t('status.activate'))}
      />
    </ListScreen>
  )
}
