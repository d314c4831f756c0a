import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Eye, ShieldCheck, UserCheck, UserX, Users } from 'lucide-react'
import { useState } from 'react'
import { useBackFromEmptiedPage } from '../../../lib/use-back-from-emptied-page.ts'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../lib/toast.ts'
import { ROLES, type Role } from '@shop/shared/schemas/auth'
import { ADMIN_PAGE_SIZES } from '@shop/shared/schemas/common'
import type { UserSummary } from '@shop/shared/schemas/user'
import { Badge } from '../../../components/ui/badge.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { DataTable, type DataColumnSpec } from '../../../components/ui/data-table.tsx'
import { Select } from '../../../components/ui/field.tsx'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageSizeSelect } from '../../../components/ui/page-size-select.tsx'
import { Pagination, ShowingLine } from '../../../components/ui/pagination.tsx'
import { SearchInput } from '../../../components/ui/search-input.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { EmptyState, ErrorState } from '../../../components/ui/states.tsx'
import { useAuth } from '../../../lib/auth/auth-provider.tsx'
import { setUserRole, setUserStatus, userKeys, userListQuery } from '../api/users-api.ts'
import { UserDetailsDialog } from './user-details-dialog.tsx'

const NO_ROWS: UserSummary[] = []
const ROLE_TONE = { user: 'gray', admin: 'palm', super_admin: 'honey' } as const

/** SPEC §2 dashboard users, with the three actions of issue 5 doing real work. */
export function UsersScreen() {
  const { t, i18n } = useTranslation('dashboard')
  const queryClient = useQueryClient()
  const { user: me } = useAuth()
  const isSuper = me?.role === 'super_admin'
  // The API's rules (modules/users): nobody changes their own role or activity; roles are changed by a
  // super admin only; a super admin's activity is changed by a super admin only.
  const canChangeRole = (u: UserSummary) => isSuper && u.id !== me?.id
  const canChangeStatus = (u: UserSummary) =>
    me !== null && u.id !== me.id && (isSuper || u.role !== 'super_admin')
  const [search, setSearch] = useState('')
  const [role, setRole] = useState('all')
  const [page, setPage] = useState(1)
  const [perPage, setPerPage] = useState<number>(ADMIN_PAGE_SIZES[0])
  const [viewing, setViewing] = useState<UserSummary | null>(null)
  const [roleChange, setRoleChange] = useState<{ user: UserSummary; role: Role } | null>(null)
  const [statusChange, setStatusChange] = useState<UserSummary | null>(null)
  const list = useQuery(userListQuery({ search, role, page, per_page: perPage }))
  const rows = list.data?.data ?? NO_ROWS
  // A role or status change can take the last user of the last page out of the filter: move to the (new) last page
  // instead of showing "no users" without a pager.
  const emptiedPage = useBackFromEmptiedPage(page, setPage, list)
  const date = (iso: string) =>
    new Date(iso)
      .toLocaleDateString(i18n.language === 'ar' ? 'ar-LY-u-nu-latn' : 'en-GB')
      .replace(/\u200f/g, '') /* RLMs scramble it inside ltr-nums */

  const afterChange = async (u: UserSummary) => {
    await queryClient.invalidateQueries({ queryKey: userKeys.lists() })
    queryClient.removeQueries({ queryKey: userKeys.detail(u.id) })
  }
  const changeRole = useMutation({
    mutationFn: (c: { user: UserSummary; role: Role }) => setUserRole(c.user.id, c.role),
    onSuccess: async (_r, c) => {
      await afterChange(c.user)
      toast.success(t('users.role_changed', { name: c.user.name, role: t(`users.roles.${c.role}`) }))
      setRoleChange(null)
    },
    onError: (err) => toast.error(t('common.update_failed', { message: err.message })),
  })
  const changeStatus = useMutation({
    mutationFn: (u: UserSummary) => setUserStatus(u.id, !u.is_active),
    onSuccess: async (_r, u) => {
      await afterChange(u)
      toast.success(
        u.is_active ? t('users.deactivated', { name: u.name }) : t('users.activated', { name: u.name }),
      )
      setStatusChange(null)
    },
    onError: (err) => toast.error(t('common.update_failed', { message: err.message })),
  })

  const columns: DataColumnSpec<UserSummary>[] = [
    {
      id: 'name',
      header: t('users.name'),
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
    { id: 'email', header: t('users.email'), cell: (u) => <span dir="ltr">{u.email}</span> },
    {
      id: 'role',
      header: t('users.role'),
      cell: (u) => (
        <Badge tone={ROLE_TONE[u.role] ?? 'gray'}>
          {t(`users.roles.${u.role}`, { defaultValue: u.role })}
        </Badge>
      ),
    },
    {
      id: 'created',
      header: t('users.created'),
      cell: (u) => <span className="ltr-nums whitespace-nowrap">{date(u.created_at)}</span>,
    },
    {
      id: 'orders',
      header: t('users.orders_count'),
      cell: (u) => <span className="ltr-nums">{u.orders_count}</span>,
    },
    {
      id: 'actions',
      header: <span className="sr-only">{t('common.actions')}</span>,
      cell: (u) => (
        <div className="flex gap-1">
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
              onClick={() => setRoleChange({ user: u, role: u.role })}
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
              onClick={() => setStatusChange(u)}
            />
          ) : null}
        </div>
      ),
    },
  ]

  let content
  if (list.isPending || emptiedPage)
    content = <Skeleton className="h-64 rounded-[var(--radius-card)]" />
  else if (list.isError)
    content = (
      <ErrorState
        title={t('users.load_failed')}
        message={list.error.message}
        onRetry={() => void list.refetch()}
      />
    )
  else if (rows.length === 0)
    content = <EmptyState icon={<Users className="size-10" aria-hidden="true" />} title={t('users.empty')} />
  else
    content = (
      <>
        <DataTable rows={rows} columns={columns} getRowId={(u) => u.id} caption={t('users.title')} />
        <div className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row">
          <ShowingLine page={page} perPage={perPage} total={list.data.total} count={rows.length} />
          <Pagination page={page} lastPage={list.data.last_page} onPageChange={setPage} />
        </div>
      </>
    )

  return (
    <div>
      <PageHeader title={t('users.title')} />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchInput
          label={t('users.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value)
            setPage(1)
          }}
        />
        <Select
          aria-label={t('users.role_filter')}
          value={role}
          onChange={(e) => {
            setRole(e.target.value)
            setPage(1)
          }}
          className="w-auto min-w-40"
        >
          <option value="all">{t('users.all_roles')}</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`users.roles.${r}`)}
            </option>
          ))}
        </Select>
        <div className="ms-auto">
          <PageSizeSelect
            value={perPage}
            sizes={ADMIN_PAGE_SIZES}
            label={t('common:pagination.per_page')}
            onChange={(s) => {
              setPerPage(s)
              setPage(1)
            }}
          />
        </div>
      </div>
      {content}
      <UserDetailsDialog user={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={roleChange !== null}
        onOpenChange={(o) => !o && setRoleChange(null)}
        title={t('users.change_role_title', { name: roleChange?.user.name ?? '' })}
        tone="primary"
        busy={changeRole.isPending}
        confirmLabel={t('users.change_role')}
        onConfirm={() =>
          roleChange && roleChange.role !== roleChange.user.role && changeRole.mutate(roleChange)
        }
        message={
          <label className="block">
            <span className="mb-1 block text-sm font-semibold text-stone-700">{t('users.new_role')}</span>
            <Select
              value={roleChange?.role ?? 'user'}
              onChange={(e) => roleChange && setRoleChange({ ...roleChange, role: e.target.value as Role })}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`users.roles.${r}`)}
                </option>
              ))}
            </Select>
          </label>
        }
      />
      <ConfirmDialog
        open={statusChange !== null}
        onOpenChange={(o) => !o && setStatusChange(null)}
        title={statusChange?.is_active ? t('users.deactivate_title') : t('users.activate_title')}
        message={
          statusChange?.is_active
            ? t('users.deactivate_confirm', { name: statusChange.name })
            : t('users.activate_confirm', { name: statusChange?.name ?? '' })
        }
        tone={statusChange?.is_active ? 'danger' : 'primary'}
        confirmLabel={statusChange?.is_active ? t('status.deactivate') : t('status.activate')}
        busy={changeStatus.isPending}
        onConfirm={() => statusChange && changeStatus.mutate(statusChange)}
      />
    </div>
  )
}
