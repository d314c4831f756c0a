import { eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Db } from '../db/client.ts'
import { mailOutbox } from '../db/schema/settings.ts'

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

/** DESIGN.md: mail goes through SMTP when SMTP_URL is set; every mail is also kept in the outbox table. */
export function createMailer(db: Db, options: { smtpUrl?: string; from: string; log: { warn: (o: object, m: string) => void; info: (o: object, m: string) => void } }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null
  return {
    async send(mail) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null })
        .returning({ id: mailOutbox.id })
      if (!transport) {
        // Decision 0043: the text (a reset link) stays in the table; a log line never carries it.
        options.log.info({ mail_id: row!.id, to: mail.to, subject: mail.subject }, 'mail kept in the mail_outbox table (no SMTP_URL)')
        return
      }
      // Delivered after the answer: the caller never waits for SMTP, and the time a request takes does not
      // reveal whether a mail was sent (forgot-password answers the same for unknown emails).
      const id = row!.id
      void transport
        .sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
        .then(() => db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id)))
        .catch(async (err: Error) => {
          options.log.warn({ err, to: mail.to }, 'mail could not be sent')
          await db.update(mailOutbox).set({ error: String(err.message).slice(0, 500) }).where(eq(mailOutbox.id, id)).catch(() => {})
        })
    },
  }
}
