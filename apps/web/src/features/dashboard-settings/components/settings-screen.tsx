import { useMutation, useQuery } from '@tanstack/react-query'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../lib/toast.ts'
import {
  REGISTERED_SETTING_KEYS,
  SETTING_GROUPS,
  settingDefinition,
  type Setting,
} from '@shop/shared/schemas/setting'
import { LinkButton } from '../../../components/ui/button.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { EmptyState, ErrorState } from '../../../components/ui/states.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { settingsQuery, updateSetting } from '../api/settings-api.ts'
import { useCan } from '../../../lib/auth/permissions.ts'
import { MailSection } from './mail-section.tsx'
import { SettingRow } from './setting-row.tsx'

/** Settings (product.md §2.22): an account link and the settings list; one row in edit mode at a time. */
export function SettingsScreen() {
  const { t, i18n } = useTranslation('dashboard')
  const settings = useQuery(settingsQuery())
  const can = useCan()
  /** A setting's name and help in the reader's language where the locale files have them (decision 0120). */
  const known = (key: string) =>
    i18n.exists(`dashboard:settings.keys.${key}.label`)
      ? { label: t(`settings.keys.${key}.label`), help: t(`settings.keys.${key}.help`) }
      : null
  const [editing, setEditing] = useState<{ id: number; value: string } | null>(null)
  const [fieldError, setFieldError] = useState<string | undefined>()

  const save = useMutation({
    mutationFn: updateSetting,
    meta: { invalidates: changedBy.setting },
    onSuccess: () => {
      toast.success(t('settings.updated'))
      setEditing(null)
      setFieldError(undefined)
    },
    onError: (err) => {
      const fieldMessage = err instanceof ApiError ? err.errors?.value?.[0] : undefined
      setFieldError(fieldMessage)
      // product.md §2.22: the toast says 'Failed to update setting'; the server's reason shows under the field.
      toast.error(t('settings.update_failed'))
    },
  })

  const startEdit = (s: Setting) => {
    setEditing({ id: s.id, value: s.value })
    setFieldError(undefined)
  }

  let list
  if (settings.isPending) list = <Skeleton className="h-64 rounded-[var(--radius-card)]" />
  else if (settings.isError)
    list = (
      <ErrorState
        title={t('settings.load_failed')}
        message={settings.error.message}
        onRetry={() => void settings.refetch()}
      />
    )
  else if (settings.data.length === 0) list = <EmptyState title={t('settings.empty')} />
  else {
    // Decision 0120: the registry's groups in their order, each key in the registry's order; others last.
    const order = new Map(REGISTERED_SETTING_KEYS.map((k, i) => [k as string, i]))
    const groups = [...SETTING_GROUPS, 'other' as const].map((group) => ({
      group,
      rows: settings.data
        .filter((s) => (settingDefinition(s.key)?.group ?? 'other') === group)
        .sort((a, b) => (order.get(a.key) ?? 999) - (order.get(b.key) ?? 999) || a.key.localeCompare(b.key)),
    }))
    list = (
      <div className="flex flex-col gap-6">
        {groups
          .filter((g) => g.rows.length > 0)
          .map(({ group, rows }) => (
            <section key={group} aria-labelledby={`settings-group-${group}`}>
              <h3 id={`settings-group-${group}`} className="mb-2 font-bold text-palm-800">
                {t(`settings.groups.${group}`)}
              </h3>
              <ul className="divide-y divide-sand-200 rounded-[var(--radius-card)] border border-sand-300 bg-white shadow-[var(--shadow-soft)]">
                {rows.map((s) => {
                  const words = known(s.key)
                  return (
                    <SettingRow
                      key={s.id}
                      setting={s}
                      label={words?.label ?? s.key}
                      help={words?.help ?? s.description}
                      editing={editing?.id === s.id}
                      busy={save.isPending}
                      serverError={editing?.id === s.id ? fieldError : undefined}
                      onEdit={() => startEdit(s)}
                      onCancel={() => setEditing(null)}
                      onSave={(value) => save.mutate({ ...s, value })}
                    />
                  )
                })}
              </ul>
            </section>
          ))}
      </div>
    )
  }

  return (
    <div>
      <PageHeader title={t('settings.title')} />
      <section
        className="mb-8 rounded-[var(--radius-card)] border border-sand-300 bg-white p-5 shadow-[var(--shadow-soft)]"
        aria-labelledby="account-title"
      >
        <h2 id="account-title" className="text-lg font-bold text-stone-900">
          {t('settings.account')}
        </h2>
        <p className="mt-1 mb-4 text-sm text-stone-600">{t('settings.account_text')}</p>
        <LinkButton to="/change-password" variant="outline">
          <KeyRound className="size-4" aria-hidden="true" />
          {t('common:nav.change_password')}
        </LinkButton>
      </section>
      {/* Issue 39: whether mail leaves the shop, and a test mail (settings.manage, as the API). */}
      {can('settings.manage') ? <MailSection /> : null}
      <section aria-labelledby="app-settings-title">
        <h2 id="app-settings-title" className="mb-3 text-lg font-bold text-stone-900">
          {t('settings.application')}
        </h2>
        {list}
      </section>
    </div>
  )
}
