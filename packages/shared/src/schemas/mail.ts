import { z } from 'zod'

/**
 * Issue 39: the state of the shop's mail, as staff see it. `not_configured`: no SMTP_URL, no mail leaves the shop
 * (they stay in the outbox); `failing`: the last try failed (its error and when); `working`: the last try was sent, or
 * nothing was tried yet.
 */
export const MAIL_STATES = ['not_configured', 'working', 'failing'] as const
export type MailStateName = (typeof MAIL_STATES)[number]

/** GET /api/mail/status (any staff). */
export const MailStatus = z.object({
  state: z.enum(MAIL_STATES),
  /** The last failed try's SMTP error (null when none failed since the last mail was sent). */
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  last_sent_at: z.string().nullable(),
  /** Mails written and not sent (kept in the outbox while mail is not set up). */
  unsent: z.number().int(),
})
export type MailStatus = z.infer<typeof MailStatus>

/** POST /api/mail/test (settings.manage): to the signed-in staff member's address unless another is given. */
export const MailTestInput = z.object({
  to: z
    .string({ error: 'validation.email_invalid' })
    .trim()
    .toLowerCase()
    .max(254, 'validation.too_long')
    .pipe(z.email('validation.email_invalid'))
    .optional(),
})
export type MailTestInput = z.infer<typeof MailTestInput>

/** What the test mail did: sent, not sent because mail is not set up, or refused by the SMTP server (its error). */
export const MailTestResult = z.object({
  outcome: z.enum(['sent', 'not_configured', 'failed']),
  to: z.string(),
  /** The outcome in the caller's language, to show as it is. */
  message: z.string(),
  error: z.string().nullable(),
})
export type MailTestResult = z.infer<typeof MailTestResult>
