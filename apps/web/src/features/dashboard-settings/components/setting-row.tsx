import { zodResolver } from '@hookform/resolvers/zod'
import { Pencil } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { settingDefinition, settingValueSchema, type Setting } from '@shop/shared/schemas/setting'
import { Button } from '../../../components/ui/button.tsx'
import { FieldError, Input, Select, Textarea } from '../../../components/ui/field.tsx'

interface RowProps {
  setting: Setting
  label: string
  help: string | null
  editing: boolean
  busy: boolean
  /** The server's reason for refusing the last save (already in the reader's language). */
  serverError?: string
  onEdit(): void
  onCancel(): void
  onSave(value: string): void
}

/**
 * One setting (decision 0120): its name and help in the reader's language, its value, and Edit turning it into the input
 * its kind asks for (email, phone, list, number with its unit, choice, switch), checked as typed with the rule the
 * server applies. One row is edited at a time (product.md §2.22).
 */
export function SettingRow({
  setting: s,
  label,
  help,
  editing,
  busy,
  serverError,
  onEdit,
  onCancel,
  onSave,
}: RowProps) {
  const { t } = useTranslation('dashboard')
  const def = settingDefinition(s.key)
  const inputId = `setting-${s.id}`
  const shown =
    def?.kind === 'switch'
      ? t(s.value === 'true' ? 'settings.switch_on' : 'settings.switch_off')
      : def?.kind === 'select'
        ? t(`settings.options.${s.key}.${s.value}`, { defaultValue: s.value })
        : s.value
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
      <div className="min-w-0 sm:w-2/5">
        <label htmlFor={editing ? inputId : undefined} className="block font-semibold text-stone-900">
          {label}
        </label>
        {help ? <p className="mt-0.5 text-sm text-stone-600">{help}</p> : null}
      </div>
      <div className="min-w-0 flex-1">
        {editing ? (
          <SettingEditor
            setting={s}
            inputId={inputId}
            busy={busy}
            serverError={serverError}
            onCancel={onCancel}
            onSave={onSave}
          />
        ) : (
          <div className="flex items-start gap-3">
            <p className="min-w-0 flex-1 break-words text-stone-800">
              {s.value ? (
                <bdi
                  dir={def && ['email', 'email_list', 'phone', 'url'].includes(def.kind) ? 'ltr' : undefined}
                >
                  {shown}
                  {def?.unit && s.value ? ` ${t(`settings.units.${def.unit}`)}` : ''}
                </bdi>
              ) : (
                <span className="italic text-stone-600">{t('settings.empty_value')}</span>
              )}
            </p>
            <Button
              variant="secondary"
              size="sm"
              icon={<Pencil className="size-4" aria-hidden="true" />}
              onClick={onEdit}
              aria-label={t('settings.edit_named', { key: label })}
            >
              {t('common:actions.edit')}
            </Button>
          </div>
        )}
      </div>
    </li>
  )
}

function SettingEditor({
  setting: s,
  inputId,
  busy,
  serverError,
  onCancel,
  onSave,
}: Pick<RowProps, 'setting' | 'busy' | 'serverError' | 'onCancel' | 'onSave'> & { inputId: string }) {
  const { t } = useTranslation('dashboard')
  const def = settingDefinition(s.key)
  const form = useForm<{ value: string }, unknown, { value: string }>({
    resolver: zodResolver(z.object({ value: settingValueSchema(s.key) })),
    defaultValues: { value: s.value },
    mode: 'onTouched',
  })
  const error = form.formState.errors.value?.message ?? serverError
  const common = {
    id: inputId,
    autoFocus: true,
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? `${inputId}-error` : undefined,
    onKeyDown: (e: React.KeyboardEvent) => e.key === 'Escape' && onCancel(),
  }
  const field = form.register('value')
  let input
  switch (def?.kind) {
    case 'textarea':
    case 'email_list':
      input = <Textarea {...common} {...field} dir={def.kind === 'email_list' ? 'ltr' : 'auto'} rows={3} />
      break
    case 'select':
      input = (
        <Select {...common} {...field}>
          {def.options?.map((o) => (
            <option key={o} value={o}>
              {t(`settings.options.${s.key}.${o}`, { defaultValue: o })}
            </option>
          ))}
        </Select>
      )
      break
    case 'switch':
      input = (
        <Select {...common} {...field}>
          <option value="true">{t('settings.switch_on')}</option>
          <option value="false">{t('settings.switch_off')}</option>
        </Select>
      )
      break
    default: {
      const ltr = def && def.kind !== 'text'
      const type =
        def?.kind === 'email' ? 'email' : def?.kind === 'phone' ? 'tel' : def?.kind === 'url' ? 'url' : 'text'
      const numeric = def?.kind === 'number' || def?.kind === 'money'
      input = (
        <div className="flex items-center gap-2">
          <Input
            {...common}
            {...field}
            type={type}
            dir={ltr ? 'ltr' : 'auto'}
            inputMode={numeric ? (def?.kind === 'money' ? 'decimal' : 'numeric') : undefined}
            className={numeric ? 'max-w-40' : undefined}
          />
          {def?.unit ? (
            <span className="shrink-0 text-sm text-stone-600">{t(`settings.units.${def.unit}`)}</span>
          ) : null}
        </div>
      )
    }
  }
  return (
    <form
      noValidate
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
      onSubmit={form.handleSubmit((v) => onSave(v.value))}
    >
      <div className="min-w-0 flex-1">
        {input}
        <FieldError id={`${inputId}-error`} message={error} />
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="md" busy={busy}>
          {t('common:actions.save')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
      </div>
    </form>
  )
}
