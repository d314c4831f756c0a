import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { MailStatus, MailTestInput, MailTestResult } from '@shop/shared/schemas/mail'
import { mailStatus, sendTestMail } from './mail.service.ts'

const security = [{ bearer: [] }]

/** docs/api.md "Mail" (issue 39): whether the shop's mail leaves it, and a test mail. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mail/status',
    {
      // Every staff member: a clerk must know whether "the customer is told by mail" is true.
      config: { access: 'staff' },
      schema: {
        tags: ['settings'],
        summary:
          "Mail's state: not_configured (no SMTP_URL), working, or failing with the last error and when (any staff)",
        security,
        response: { 200: MailStatus },
      },
    },
    async () => mailStatus(app.db, app.mailer),
  )

  app.post(
    '/mail/test',
    {
      config: { access: 'settings.manage' },
      schema: {
        tags: ['settings'],
        summary:
          'Send a test mail now (to the caller unless `to` is given): outcome sent, not_configured or failed with the SMTP error',
        security,
        body: MailTestInput,
        response: { 200: MailTestResult },
      },
    },
    async (request) =>
      sendTestMail(
        { db: app.db, mailer: app.mailer, lang: request.lang },
        app.actorOf(request),
        request.body.to ?? request.user!.email,
      ),
  )
}
