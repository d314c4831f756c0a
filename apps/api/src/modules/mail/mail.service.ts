import { translate, type Language } from '@shop/shared/i18n/messages'
import type { MailStatus, MailTestResult } from '@shop/shared/schemas/mail'
import { shopNameIn } from '@shop/shared/shop-identity'
import type { Db } from '../../db/client.ts'
import { recordAudit } from '../../domain/audit.ts'
import type { Actor } from '../../domain/actor.ts'
import { readShopIdentity } from '../../domain/shop-identity.ts'
import { mailChannelState } from '../../lib/mail-queue.ts'
import type { Mailer } from '../../lib/mailer.ts'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** GET /api/mail/status (issue 39): whether mail leaves the shop, and the last error while it fails. */
export async function mailStatus(db: Db, mailer: Mailer): Promise<MailStatus> {
  const s = await mailChannelState(db, mailer.configured)
  return {
    state: s.state,
    last_error: s.lastError,
    last_error_at: iso(s.lastErrorAt),
    last_sent_at: iso(s.lastSentAt),
    unsent: s.unsent,
  }
}

/**
 * POST /api/mail/test (issue 39): one mail to `to`, tried while the owner waits; the answer says what happened (sent,
 * not set up, or the SMTP server's error) and the audit trail keeps that it was tried.
 */
export async function sendTestMail(
  ctx: { db: Db; mailer: Mailer; lang: Language },
  actor: Actor,
  to: string,
): Promise<MailTestResult> {
  const identity = await readShopIdentity(ctx.db)
  const shop = shopNameIn(identity, ctx.lang)
  const result = await ctx.mailer.sendNow({
    to,
    subject: translate(ctx.lang, 'errors.MAIL_TEST_SUBJECT', { shop }),
    text: translate(ctx.lang, 'errors.MAIL_TEST_TEXT', { shop }),
    fromName: shop,
  })
  await recordAudit(ctx.db, actor, {
    action: 'mail.test_sent',
    entity: 'mail',
    after: { to, outcome: result.outcome, ...(result.outcome === 'failed' ? { error: result.error } : {}) },
  })
  const error = result.outcome === 'failed' ? result.error : null
  const key =
    result.outcome === 'sent'
      ? 'errors.MAIL_TEST_SENT'
      : result.outcome === 'not_configured'
        ? 'errors.MAIL_NOT_CONFIGURED'
        : 'errors.MAIL_TEST_FAILED'
  return { outcome: result.outcome, to, error, message: translate(ctx.lang, key, { to, error: error ?? '' }) }
}
