import { useMutation, useQuery } from '@tanstack/react-query'
import { KeyRound, Pencil } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../lib/toast.ts'
import type { Setting } from '@shop/shared/schemas/setting'
import { Button, LinkButton } from '../../../components/ui/button.tsx'
import { FieldError, Input } from '../../../components/ui/field.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { EmptyState, ErrorState } from '../../../components/ui/states.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { settingsQuery, updateSetting } from '../api/settings-api.ts'

/** Settings (product.md §2.22): an account link and the settings list; one row in edit mode at a time. */
export function SettingsScreen() {
  const { t, i18n } = useTranslation('dashboard')
  const settings = useQuery(settingsQuery())
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
  else
    list = (
      <ul className="divide-y divide-sand-200 rounded-[var(--radius-card)] border border-sand-300 bg-white shadow-[var(--shadow-soft)]">
        {settings.data.map((s) => {
          const isEditing = editing?.id === s.id
          const inputId = `setting-${s.id}`
          const words = known(s.key)
          return (
            <li key={s.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
              <div className="min-w-0 sm:w-1/3">
                <label
                  htmlFor={isEditing ? inputId : undefined}
                  className="block font-semibold text-stone-900"
                >
                  {words ? (
                    words.label
                  ) : (
                    <code dir="ltr" className="text-sm">
                      {s.key}
                    </code>
                  )}
                </label>
                {words ? (
                  <>
                    <p className="mt-0.5 text-sm text-stone-600">{words.help}</p>
                    <code dir="ltr" className="text-xs text-stone-500">
                      {s.key}
                    </code>
                  </>
                ) : s.description ? (
                  <p className="mt-0.5 text-sm text-stone-600">{s.description}</p>
                ) : null}
              </div>
              <div className="min-w-0 flex-1">
                {isEditing ? (
                  <form
                    className="flex flex-col gap-2 sm:flex-row sm:items-start"
                    onSubmit={(e) => {
                      e.preventDefault()
                      save.mutate({ ...s, value: editing.value })
                    }}
                  >
                    <div className="flex-1">
                      <Input
                        id={inputId}
                        autoFocus
                        dir="auto"
                        value={editing.value}
                        aria-invalid={Boolean(fieldError)}
                        onChange={(e) => setEditing({ id: s.id, value: e.target.value })}
                        onKeyDown={(e) => e.key === 'Escape' && setEditing(null)}
                      />
                      <FieldError message={fieldError} />
                    </div>
                    <div className="flex gap-2">
                      <Button type="submit" size="md" busy={save.isPending}>
                        {t('common:actions.save')}
                      </Button>
                      <Button variant="secondary" onClick={() => setEditing(null)} disabled={save.isPending}>
                        {t('common:actions.cancel')}
                      </Button>
                    </div>
                  </form>
                ) : (
                  <div className="flex items-start gap-3">
                    <p className="min-w-0 flex-1 break-words text-stone-800">
                      {s.value ? (
                        <bdi>{s.value}</bdi>
                      ) : (
                        <span className="italic text-stone-600">{t('settings.empty_value')}</span>
                      )}
                    </p>
                    <Button
                      variant="secondary"
                      size="sm"
                      icon={<Pencil className="size-4" aria-hidden="true" />}
                      onClick={() => startEdit(s)}
                      aria-label={t('settings.edit_named', { key: words?.label ?? s.key })}
                    >
                      {t('common:actions.edit')}
                    </Button>
                  </div>
                )}
              </div>
            </li>
          )
        })}
      </ul>
    )

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
      <section aria-labelledby="app-settings-title">
        <h2 id="app-settings-title" className="mb-3 text-lg font-bold text-stone-900">
          {t('settings.application')}
        </h2>
        {list}
      </section>
    </div>
  )
}
