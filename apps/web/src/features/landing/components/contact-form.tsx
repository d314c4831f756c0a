import { standardSchemaResolver } from '@hookform/resolvers/standard-schema'
import { Send } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input, Textarea } from '../../../components/ui/field.tsx'
import { buildMailto, ContactForm } from '../contact-form-schema.ts'
import { mailer } from '../mailer.ts'

/** product.md §2.3 contact form: validated, then opens the visitor's mail client; no server call. */
export default function ContactFormCard({ to }: { to: string }) {
  const { t } = useTranslation('storefront')
  const form = useForm<ContactForm>({
    // The Standard Schema resolver reads zod/mini's schema without pulling in the rest of zod.
    resolver: standardSchemaResolver(ContactForm),
    defaultValues: { name: '', email: '', phone: '', message: '' },
    shouldFocusError: true,
  })
  const errors = form.formState.errors

  const onSubmit = form.handleSubmit((values) => {
    const url = buildMailto(to, t('landing.contact.mail_subject', { name: values.name }), values, {
      name: t('landing.contact.name'),
      email: t('landing.contact.email'),
      phone: t('landing.contact.phone'),
    })
    mailer.open(url)
  })

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4 rounded-[var(--radius-card)] border border-sand-300 bg-white p-6 shadow-[var(--shadow-soft)] sm:grid-cols-2"
      aria-label={t('landing.contact.form_label')}
    >
      <Field label={t('landing.contact.name')} required error={errors.name?.message}>
        {(p) => <Input {...p} autoComplete="name" {...form.register('name')} />}
      </Field>
      <Field label={t('landing.contact.email')} required error={errors.email?.message}>
        {(p) => <Input {...p} type="email" dir="ltr" autoComplete="email" {...form.register('email')} />}
      </Field>
      <Field
        label={t('landing.contact.phone_optional')}
        className="sm:col-span-2"
        error={errors.phone?.message}
      >
        {(p) => (
          <Input {...p} type="tel" inputMode="tel" dir="ltr" autoComplete="tel" {...form.register('phone')} />
        )}
      </Field>
      <Field
        label={t('landing.contact.message')}
        required
        className="sm:col-span-2"
        error={errors.message?.message}
      >
        {(p) => <Textarea {...p} rows={5} {...form.register('message')} />}
      </Field>
      <div className="sm:col-span-2">
        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto"
          icon={<Send className="size-4 rtl:-scale-x-100" aria-hidden="true" />}
        >
          {t('landing.contact.send')}
        </Button>
        <p className="mt-2 text-xs text-stone-600">{t('landing.contact.mail_client_note')}</p>
      </div>
    </form>
  )
}
