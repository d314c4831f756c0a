import { zodResolver } from '@hookform/resolvers/zod'
import { Mail, MapPin, Phone, Send } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input, Textarea } from '../../../components/ui/field.tsx'
import { usePublicSettings } from '../../layout/api/public-settings.ts'
import { buildMailto, ContactForm } from '../contact-form-schema.ts'
import { SectionHeading } from './section-heading.tsx'

// Used when the settings have not loaded (or were emptied): the shop's information address.
const FALLBACK_EMAIL = 'info@golden-palm.ly'

/** Opens the mail client; a seam so tests can see the address without navigating jsdom. */
export const mailer = { open: (url: string) => window.location.assign(url) }

export function ContactSection() {
  const { t } = useTranslation('storefront')
  const settings = usePublicSettings().data ?? {}
  const to = settings.contact_email || FALLBACK_EMAIL
  const form = useForm<ContactForm>({
    resolver: zodResolver(ContactForm),
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
    <section id="contact" tabIndex={-1} className="scroll-mt-20 bg-sand-100 py-16 outline-none sm:py-20" aria-labelledby="contact-title">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="contact-title" eyebrow={t('landing.contact.eyebrow')} title={t('landing.contact.title')} text={t('landing.contact.text')} />
        <div className="grid gap-8 lg:grid-cols-[1fr_1.4fr]">
          <ul className="space-y-4 self-start rounded-[var(--radius-card)] bg-palm-800 p-6 text-palm-50">
            <li className="flex items-center gap-3">
              <Mail className="size-5 shrink-0 text-honey-300" aria-hidden="true" />
              <a href={`mailto:${to}`} dir="ltr" className="break-all hover:underline">
                {to}
              </a>
            </li>
            {settings.contact_phone ? (
              <li className="flex items-center gap-3">
                <Phone className="size-5 shrink-0 text-honey-300" aria-hidden="true" />
                <a href={`tel:${settings.contact_phone.replace(/\s/g, '')}`} dir="ltr" className="hover:underline">
                  {settings.contact_phone}
                </a>
              </li>
            ) : null}
            {settings.address ? (
              <li className="flex items-start gap-3">
                <MapPin className="mt-0.5 size-5 shrink-0 text-honey-300" aria-hidden="true" />
                <span>{settings.address}</span>
              </li>
            ) : null}
            <li className="border-t border-palm-700 pt-4 text-sm text-palm-100">{t('landing.contact.reply_note')}</li>
          </ul>

          <form noValidate onSubmit={onSubmit} className="grid gap-4 rounded-[var(--radius-card)] border border-sand-300 bg-white p-6 shadow-[var(--shadow-soft)] sm:grid-cols-2" aria-label={t('landing.contact.form_label')}>
            <Field label={t('landing.contact.name')} required error={errors.name?.message}>
              {(p) => <Input {...p} autoComplete="name" {...form.register('name')} />}
            </Field>
            <Field label={t('landing.contact.email')} required error={errors.email?.message}>
              {(p) => <Input {...p} type="email" dir="ltr" autoComplete="email" {...form.register('email')} />}
            </Field>
            <Field label={t('landing.contact.phone_optional')} className="sm:col-span-2" error={errors.phone?.message}>
              {(p) => <Input {...p} type="tel" inputMode="tel" dir="ltr" autoComplete="tel" {...form.register('phone')} />}
            </Field>
            <Field label={t('landing.contact.message')} required className="sm:col-span-2" error={errors.message?.message}>
              {(p) => <Textarea {...p} rows={5} {...form.register('message')} />}
            </Field>
            <div className="sm:col-span-2">
              <Button type="submit" size="lg" className="w-full sm:w-auto" icon={<Send className="size-4 rtl:-scale-x-100" aria-hidden="true" />}>
                {t('landing.contact.send')}
              </Button>
              <p className="mt-2 text-xs text-stone-600">{t('landing.contact.mail_client_note')}</p>
            </div>
          </form>
        </div>
      </div>
    </section>
  )
}
