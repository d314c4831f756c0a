import { useQuery } from '@tanstack/react-query'
import { MailPlus, Send, ShieldCheck, UserCheck, UserPlus, UserX, Users } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { StaffInvitation, StaffMember, StaffRole } from '@shop/shared/schemas/team'
import { MailStatusBanner } from '../../../components/mail/mail-status-banner.tsx'
import { ConfirmRowAction } from '../../../components/data-list/confirm-row-action.tsx'
import { actionsColumn } from '../../../components/data-list/columns.tsx'
import { DataTable, type DataColumn } from '../../../components/data-list/data-table.tsx'
import { useRowAction } from '../../../components/data-list/use-row-action.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Select } from '../../../components/ui/field.tsx'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { EmptyState, ErrorState } from '../../../components/ui/states.tsx'
import { cn } from '../../../lib/cn.ts'
import { useAuth } from '../../../lib/auth/auth-provider.tsx'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { dateTime, shortDate } from '../../../lib/dates.ts'
import { useMailWorks } from '../../../lib/mail-status.ts'
import { toast } from '../../../lib/toast.ts'
import { inviteStaff, patchStaff, rolesQuery, staffListQuery } from '../api/staff-api.ts'
import { InvitationLinkDialog } from './invitation-link-dialog.tsx'
import { InviteDialog } from './invite-dialog.tsx'
import { builtInRolesFallback, roleLabel, roleRefOf, roleValue } from './role-labels.ts'
import { RolesSection } from './roles-section.tsx'

type Tab = 'members' | 'roles'

/**
 * Issue 30 (decision 0196): the owner's team. Members with their role, status and pending invitation (send again),
 * invite, change a role, deactivate / reactivate; the roles and what each may do, custom roles made from the same
 * permissions. Cards on a phone, a table from 640 px (the dashboard lists' DataTable).
 */
export function StaffScreen() {
  const { t } = useTranslation('dashboard')
  const [tab, setTab] = useState<Tab>('members')
  const [inviting, setInviting] = useState(false)
  // Issue 39: the link of the invitation just made, shown once to copy.
  const [invitation, setInvitation] = useState<StaffInvitation | null>(null)
  const rolesResult = useQuery(rolesQuery())
  const roles = rolesResult.data ?? builtInRolesFallback()

  const tabClass = (active: boolean) =>
    cn(
      'min-h-11 rounded-[var(--radius-control)] px-4 py-2 text-sm font-semibold',
      active ? 'bg-palm-700 text-white' : 'text-stone-700 hover:bg-sand-200',
    )

  return (
    <div>
      <PageHeader
        title={t('staff.title')}
        description={t('staff.description')}
        actions={
          <Button onClick={() => setInviting(true)}>
            <UserPlus className="size-4" aria-hidden="true" />
            {t('staff.invite')}
          </Button>
        }
      />
      <MailStatusBanner />
      <div role="tablist" aria-label={t('staff.title')} className="mb-4 flex gap-2">
        <button
          type="button"
          role="tab"
          id="staff-tab-members"
          aria-selected={tab === 'members'}
          aria-controls="staff-panel"
          className={tabClass(tab === 'members')}
          onClick={() => setTab('members')}
        >
          {t('staff.tab_members')}
        </button>
        <button
          type="button"
          role="tab"
          id="staff-tab-roles"
          aria-selected={tab === 'roles'}
          aria-controls="staff-panel"
          className={tabClass(tab === 'roles')}
          onClick={() => setTab('roles')}
        >
          {t('staff.tab_roles')}
        </button>
      </div>
      <div role="tabpanel" id="staff-panel" aria-labelledby={`staff-tab-${tab}`}>
        {tab === 'members' ? (
          <MembersList roles={roles} onInvited={setInvitation} />
        ) : (
          <RolesSection roles={rolesResult} />
        )}
      </div>
      <InviteDialog
        open={inviting}
        roles={roles}
        onClose={() => setInviting(false)}
        onInvited={setInvitation}
      />
      <InvitationLinkDialog invitation={invitation} onClose={() => setInvitation(null)} />
    </div>
  )
}

function MembersList({
  roles,
  onInvited,
}: {
  roles: StaffRole[]
  onInvited(invitation: StaffInvitation): void
}) {
  const { t, i18n } = useTranslation('dashboard')
  const mailWorks = useMailWorks()
  const { user: me } = useAuth()
  const list = useQuery(staffListQuery())
  const lang = i18n.language

  const changeRole = useRowAction({
    mutationFn: (c: { member: StaffMember; role: string }) =>
      patchStaff(c.member.id, { role: roleRefOf(c.role) }),
    invalidates: changedBy.staff,
    rowId: (c) => c.member.id,
    onSuccess: (m) => toast.success(t('staff.role_changed', { name: m.name, role: m.staff_role.name })),
    onError: (err) => toast.error(t('common.update_failed', { message: err.message })),
  })
  const changeStatus = useRowAction({
    mutationFn: (m: StaffMember) => patchStaff(m.id, { is_active: !m.is_active }),
    invalidates: changedBy.staff,
    rowId: (m) => m.id,
    onSuccess: (m) =>
      toast.success(
        m.is_active ? t('staff.reactivated', { name: m.name }) : t('staff.deactivated', { name: m.name }),
      ),
    onError: (err) => toast.error(t('common.update_failed', { message: err.message })),
  })
  const resend = useRowAction({
    mutationFn: (m: StaffMember) =>
      inviteStaff({ email: m.email, name: m.name, role: m.staff_role.key ?? m.staff_role.id }),
    invalidates: changedBy.staff,
    rowId: (m) => m.id,
    // Issue 39: a new link every time (the old one ends); "sent" only when mail leaves the shop.
    onSuccess: (m) => {
      toast.success(
        mailWorks
          ? t('staff.invitation_resent', { email: m.email })
          : t('staff.link_created', { email: m.email }),
      )
      onInvited(m)
    },
    onError: (err) => toast.error(t('staff.invite_failed', { message: err.message })),
  })

  const status = (m: StaffMember) => {
    if (!m.is_active) return <Badge tone="red">{t('staff.status_inactive')}</Badge>
    if (m.invitation_pending) {
      const expired =
        m.invitation_expires_at !== null && new Date(m.invitation_expires_at).getTime() < Date.now()
      return (
        <Badge tone={expired ? 'red' : 'amber'}>
          {expired ? t('staff.status_invitation_expired') : t('staff.status_invited')}
        </Badge>
      )
    }
    return <Badge tone="green">{t('staff.status_active')}</Badge>
  }

  const columns: DataColumn<StaffMember>[] = [
    {
      id: 'name',
      header: t('staff.name'),
      card: 'title',
      cell: (m) => (
        <p className="font-semibold text-stone-900">
          {m.name}
          {m.id === me?.id ? (
            <span className="ms-1 text-xs font-normal text-stone-500">({t('staff.you')})</span>
          ) : null}
        </p>
      ),
    },
    {
      id: 'email',
      header: t('staff.email'),
      card: 'subtitle',
      cell: (m) => (
        <span dir="ltr" className="break-all">
          {m.email}
        </span>
      ),
    },
    {
      id: 'role',
      header: t('staff.role'),
      card: 'status',
      cell: (m) => <Badge tone={m.staff_role.key === 'owner' ? 'honey' : 'palm'}>{m.staff_role.name}</Badge>,
    },
    { id: 'status', header: t('staff.status'), card: 'status', cell: status },
    {
      id: 'last_seen',
      header: t('staff.last_seen'),
      cell: (m) =>
        m.invitation_pending && m.invitation_expires_at ? (
          <span className="text-sm text-stone-600">
            {t('staff.invitation_until', {
              date: dateTime(m.invitation_expires_at, lang, { dateStyle: 'medium', timeStyle: 'short' }),
            })}
          </span>
        ) : m.last_seen_at ? (
          <span className="ltr-nums whitespace-nowrap">{shortDate(m.last_seen_at, lang)}</span>
        ) : (
          <span className="text-stone-500">{t('staff.never')}</span>
        ),
    },
    actionsColumn<StaffMember>(t, (m) => (
      <>
        {m.invitation_pending ? (
          <IconButton
            label={
              mailWorks
                ? t('staff.resend_named', { name: m.name })
                : t('staff.new_link_named', { name: m.name })
            }
            icon={<Send aria-hidden="true" />}
            tone="primary"
            disabled={resend.isBusy(m)}
            onClick={() => resend.run(m)}
          />
        ) : null}
        <IconButton
          label={t('staff.change_role_named', { name: m.name })}
          icon={<ShieldCheck aria-hidden="true" />}
          tone="primary"
          disabled={changeRole.isBusy({ member: m, role: '' })}
          onClick={() => changeRole.ask({ member: m, role: m.staff_role.key ?? String(m.staff_role.id) })}
        />
        {m.id !== me?.id ? (
          <IconButton
            label={
              m.is_active
                ? t('staff.deactivate_named', { name: m.name })
                : t('staff.reactivate_named', { name: m.name })
            }
            icon={m.is_active ? <UserX aria-hidden="true" /> : <UserCheck aria-hidden="true" />}
            tone={m.is_active ? 'danger' : 'primary'}
            disabled={changeStatus.isBusy(m)}
            onClick={() => changeStatus.ask(m)}
          />
        ) : null}
      </>
    )),
  ]

  if (list.isPending)
    return (
      <div className="space-y-2" aria-busy="true">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    )
  if (list.isError) return <ErrorState message={t('staff.load_failed')} onRetry={() => void list.refetch()} />
  const members = list.data.data
  return (
    <>
      {members.length === 0 ? (
        <EmptyState title={t('staff.empty')} icon={<Users className="size-10" aria-hidden="true" />} />
      ) : (
        <DataTable rows={members} columns={columns} getRowId={(m) => m.id} caption={t('staff.title')} />
      )}
      <p className="mt-3 flex items-center gap-2 text-sm text-stone-600">
        <MailPlus className="size-4 shrink-0" aria-hidden="true" />
        {mailWorks ? t('staff.invitation_hint') : t('staff.invitation_hint_no_mail')}
      </p>
      <ConfirmRowAction
        action={changeRole}
        title={(c) => t('staff.change_role_title', { name: c.member.name })}
        tone={() => 'primary'}
        canConfirm={(c) => c.role !== roleValue(c.member.staff_role)}
        confirmLabel={() => t('staff.change_role')}
        message={(c) => (
          <label className="block">
            <span className="mb-1 block text-sm font-semibold text-stone-700">{t('staff.new_role')}</span>
            <Select value={c.role} onChange={(e) => changeRole.setAsking({ ...c, role: e.target.value })}>
              {roles.map((r) => (
                <option key={r.id} value={roleValue(r)}>
                  {roleLabel(r, lang)}
                </option>
              ))}
            </Select>
          </label>
        )}
      />
      <ConfirmRowAction
        action={changeStatus}
        title={(m) => (m.is_active ? t('staff.deactivate_title') : t('staff.reactivate_title'))}
        message={(m) =>
          m.is_active
            ? t('staff.deactivate_confirm', { name: m.name })
            : t('staff.reactivate_confirm', { name: m.name })
        }
        tone={(m) => (m.is_active ? 'danger' : 'primary')}
        confirmLabel={(m) => (m.is_active ? t('staff.deactivate') : t('staff.reactivate'))}
      />
    </>
  )
}
