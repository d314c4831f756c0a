import { z } from 'zod'

/** SPEC §5 contact form: name, email and message required; phone optional. Messages are shared keys. */
export const ContactForm = z.object({
  name: z.string().trim().min(1, 'validation.name_required').max(100, 'validation.too_long'),
  email: z.string().trim().max(254, 'validation.too_long').pipe(z.email('validation.email_invalid')),
  phone: z.string().trim().max(30, 'validation.too_long'),
  message: z.string().trim().min(1, 'validation.message_required').max(2000, 'validation.too_long'),
})
export type ContactForm = z.infer<typeof ContactForm>

/** The mail the visitor's client opens (SPEC §2: no server call). */
export function buildMailto(
  to: string,
  subject: string,
  values: ContactForm,
  labels: { name: string; email: string; phone: string },
): string {
  const body = [
    `${labels.name}: ${values.name}`,
    `${labels.email}: ${values.email}`,
    values.phone ? `${labels.phone}: ${values.phone}` : null,
    '',
    values.message,
  ]
    .filter((l) => l !== null)
    .join('\n')
  return `mailto:${encodeURIComponent(to).replace('%40', '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}
