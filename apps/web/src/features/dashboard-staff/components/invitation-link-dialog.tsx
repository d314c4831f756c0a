import { useTranslation } from 'react-i18next'
import type { StaffInvitation } from '@shop/shared/schemas/team'
import { Button } from '../../../components/ui/button.tsx'
import { CopyField } from '../../../components/ui/copy-field.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { useMailStatus } from '../../../lib/mail-status.ts'

/**
 * Issue 39: the invitation's link after inviting or making a new one, to copy and send by hand (WhatsApp). It says what
 * happened: mailed too, or not mailed because mail is not set up or failing. Shown once: only the link's hash is kept.
 */
export function InvitationLinkDialog({
  invitation,
  onClose,
}: {
  invitation: StaffInvitation | null
  onClose(): void
}) {
  const { t } = useTranslation('dashboard')
  const state = useMailStatus().data?.state
  const vars = { name: invitation?.name ?? '', email: invitation?.email ?? '' }
  return (
    <Dialog
      open={invitation !== null}
      onOpenChange={(o) => !o && onClose()}
      title={t('staff.link_title', vars)}
      footer={<Button onClick={onClose}>{t('staff.done')}</Button>}
    >
      {invitation ? (
        <div className="space-y-3">
          <p
            className={
              state === 'working' || state === undefined
                ? 'text-sm text-stone-800'
                : 'rounded-[var(--radius-card)] border border-honey-300 bg-honey-50 p-3 text-sm font-semibold text-stone-900'
            }
          >
            {state === 'not_configured'
              ? t('staff.link_no_mail', vars)
              : state === 'failing'
                ? t('staff.link_failing', vars)
                : t('staff.link_mailed', vars)}
          </p>
          <CopyField
            label={t('staff.link_label')}
            value={invitation.invitation_url}
            copyLabel={t('staff.copy_link')}
            copiedMessage={t('staff.link_copied')}
          />
          <p className="text-xs text-stone-600">{t('staff.link_once')}</p>
        </div>
      ) : null}
    </Dialog>
  )
}
