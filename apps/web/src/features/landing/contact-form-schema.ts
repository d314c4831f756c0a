import * as z from 'zod/mini'

/**
 * product.md §5.9 contact form: name, email and message required; phone optional. Messages are shared keys. Zod's
 * mini build: the form only opens the mail client (no server schema to share), and the landing page is every
 * visitor's first download, so it carries ~5 KB of validation instead of ~23 KB.
 */
export const ContactForm = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'validation.name_required'), z.maxLength(100, 'validation.too_long')),
  email: z.pipe(
    z.string().check(z.trim(), z.maxLength(254, 'validation.too_long')),
    z.email('validation.email_invalid'),
  ),
  phone: z.string().check(z.trim(), z.maxLength(30, 'validation.too_long')),
  message: z
    .string()
    .check(z.trim(), z.minLength(1, 'validation.message_required'), z.maxLength(2000, 'validation.too_long')),
})
export type ContactForm = z.infer<typeof ContactForm>

/** The mail the visitor's client opens (product.md §2.3: no server call). */
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
