import { eq } from 'drizzle-orm'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openTestDatabase } from '../../test/helpers.ts'
import type { Database } from '../db/client.ts'
import { mailOutbox, settings } from '../db/schema/settings.ts'
import { mailHeader as header, startSmtp } from '../../test/smtp.ts'
import { backoffAfter, createMailer } from './mailer.ts'

const log = { info: () => {}, warn: () => {} }

describe('mailer', () => {
  let database: Database
  let drop: () => Promise<void>
  let server: SMTPServer
  const received: string[] = []
  let port = 0

  beforeAll(async () => {
    ;({ database, drop } = await openTestDatabase())
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let raw = ''
        stream.on('data', (c: Buffer) => (raw += c.toString('utf8')))
        stream.on('end', () => {
          received.push(raw)
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await drop()
  })

  it('keeps every mail in the outbox when no SMTP_URL is set', async () => {
    const mailer = createMailer(database.db, { from: 'shop@example.ly', log })
    await mailer.send({ to: 'a@example.ly', subject: 'رابط', text: 'مرحبا' })
    const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'a@example.ly'))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.text).toBe('مرحبا')
    expect(rows[0]!.sentAt).toBeNull()
  })

  it('delivers through a real SMTP server and marks the outbox row sent', async () => {
    const mailer = createMailer(database.db, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'shop@example.ly',
      log,
    })
    await mailer.send({
      to: 'b@example.ly',
      subject: 'Reset',
      text: 'https://shop.test/reset-password?token=abc',
    })
    await vi.waitFor(
      async () => {
        const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'b@example.ly'))
        expect(row?.sentAt).toBeInstanceOf(Date)
      },
      { timeout: 45_000 },
    )
    expect(received.join('\n')).toContain('reset-password?token=abc')
  })

  it('records the failure when the SMTP server cannot be reached', async () => {
    const mailer = createMailer(database.db, { smtpUrl: 'smtp://127.0.0.1:1', from: 'shop@example.ly', log })
    await mailer.send({ to: 'c@example.ly', subject: 'x', text: 'y' })
    await vi.waitFor(
      async () => {
        const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'c@example.ly'))
        expect(row?.error).toBeTruthy()
      },
      { timeout: 45_000 },
    )
  })

  describe('the outbox (decision 0065)', () => {
    const rowsTo = (to: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))

    it('keeps one mail per event key, however often the event is written', async () => {
      const mailer = createMailer(database.db, { from: 'shop@example.ly', log })
      const mail = { to: 'once@example.ly', subject: 's', text: 't', eventKey: 'order:1:placed:customer' }
      expect(await mailer.enqueue(database.db, mail)).toBe(true)
      expect(await mailer.enqueue(database.db, mail)).toBe(false)
      await database.db.transaction(async (tx) => {
        expect(await mailer.enqueue(tx, mail)).toBe(false)
      })
      expect(await rowsTo('once@example.ly')).toHaveLength(1)
      expect(mailer.written).toBe(1)
    })

    it('waits longer after each failed try, up to the cap', () => {
      expect([1, 2, 3, 4, 10].map((n) => backoffAfter(n, 30_000, 3_600_000))).toEqual([
        30_000, 60_000, 120_000, 240_000, 3_600_000,
      ])
    })

    it('retries a mail the SMTP server refused, and delivers it once the server is back', async () => {
      const smtp = await startSmtp()
      smtp.state.down = true
      const mailer = createMailer(database.db, {
        smtpUrl: smtp.url,
        from: 'shop@example.ly',
        log,
        // Long enough that "not due yet" holds however slow the machine is; the test then moves the due time.
        backoffMs: 600_000,
        pollMs: 60_000,
      })
      try {
        const before = Date.now()
        await mailer.send({ to: 'retry@example.ly', subject: 'طلبك', text: 'نص' })
        await vi.waitFor(async () => expect((await rowsTo('retry@example.ly'))[0]!.error).toMatch(/busy/), {
          timeout: 45_000,
        })
        const [failed] = await rowsTo('retry@example.ly')
        expect(failed!.attempts).toBe(1)
        expect(failed!.sentAt).toBeNull()
        expect(failed!.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before + 600_000)
        // Not due yet: a round now does not try it.
        smtp.state.down = false
        await mailer.deliverDue()
        expect(smtp.to('retry@example.ly')).toHaveLength(0)
        // The backoff runs out (the due time moved to the past, as the clock would) and the next round sends it.
        await database.db
          .update(mailOutbox)
          .set({ nextAttemptAt: new Date(Date.now() - 1000) })
          .where(eq(mailOutbox.id, failed!.id))
        expect(await mailer.deliverDue()).toBeGreaterThanOrEqual(1)
        const [sent] = await rowsTo('retry@example.ly')
        expect(sent!.sentAt).toBeInstanceOf(Date)
        expect(sent!.attempts).toBe(2)
        expect(smtp.to('retry@example.ly')).toHaveLength(1)
        await mailer.deliverDue()
        expect(smtp.to('retry@example.ly')).toHaveLength(1)
      } finally {
        await mailer.close()
        await smtp.close()
      }
    })

    it('gives up after the last try and keeps the error', async () => {
      const smtp = await startSmtp()
      smtp.state.down = true
      const mailer = createMailer(database.db, {
        smtpUrl: smtp.url,
        from: 'shop@example.ly',
        log,
        backoffMs: 1,
        maxAttempts: 2,
        pollMs: 60_000,
      })
      try {
        await mailer.enqueue(database.db, { to: 'giveup@example.ly', subject: 's', text: 't' })
        await mailer.deliverDue()
        // The second try comes once its 1 ms backoff has run out: rounds until it was made, with a ceiling.
        await vi.waitFor(
          async () => {
            await mailer.deliverDue()
            expect((await rowsTo('giveup@example.ly'))[0]!.attempts).toBe(2)
          },
          { timeout: 45_000, interval: 20 },
        )
        const [row] = await rowsTo('giveup@example.ly')
        expect(row!.attempts).toBe(2)
        expect(row!.nextAttemptAt).toBeNull()
        expect(row!.error).toMatch(/busy/)
        smtp.state.down = false
        await mailer.deliverDue()
        expect(smtp.to('giveup@example.ly')).toHaveLength(0)
      } finally {
        await mailer.close()
        await smtp.close()
      }
    })

    it('two mailers on one database send each mail once, and take over a mail whose sender died', async () => {
      const smtp = await startSmtp({ delayMs: 20 })
      const a = createMailer(database.db, { smtpUrl: smtp.url, from: 'shop@example.ly', log, pollMs: 60_000 })
      const b = createMailer(database.db, { smtpUrl: smtp.url, from: 'shop@example.ly', log, pollMs: 60_000 })
      try {
        for (let i = 0; i < 25; i++)
          await a.enqueue(database.db, {
            to: `pair-${i}@example.ly`,
            subject: 's',
            text: 't',
            eventKey: `pair:${i}`,
          })
        // A mail claimed by a process that died: its lease ran out, so another process sends it.
        const [orphan] = await database.db
          .insert(mailOutbox)
          .values({
            to: 'orphan@example.ly',
            subject: 's',
            text: 't',
            attempts: 1,
            lockedUntil: new Date(Date.now() - 1000),
          })
          .returning()
        await Promise.all([a.deliverDue(), b.deliverDue(), a.deliverDue(), b.deliverDue()])
        await Promise.all([a.deliverDue(), b.deliverDue()])
        const received = smtp.mails.filter((m) =>
          m.to.some((t) => t.startsWith('pair-') || t === 'orphan@example.ly'),
        )
        expect(received).toHaveLength(26)
        expect(new Set(received.map((m) => m.messageId)).size).toBe(26)
        expect(smtp.to('orphan@example.ly')[0]!.messageId).toBe(`<${orphan!.messageId}@example.ly>`)
      } finally {
        await a.close()
        await b.close()
        await smtp.close()
      }
    })
  })

  describe('headers (decision 0104)', () => {
    it('gives every mail a random Message-ID, never its row id, the same on each try of it', async () => {
      const smtp = await startSmtp()
      const mailer = createMailer(database.db, {
        smtpUrl: smtp.url,
        from: 'Shop <no-reply@shop.example.ly>',
        log,
        backoffMs: 50,
        pollMs: 60_000,
      })
      try {
        smtp.state.down = true
        await mailer.enqueue(database.db, { to: 'ids-1@example.ly', subject: 's', text: 't' })
        await mailer.deliverDue()
        smtp.state.down = false
        await mailer.enqueue(database.db, { to: 'ids-2@example.ly', subject: 's', text: 't' })
        await vi.waitFor(
          async () => {
            await mailer.deliverDue()
            expect(smtp.to('ids-1@example.ly')).toHaveLength(1)
            expect(smtp.to('ids-2@example.ly')).toHaveLength(1)
          },
          { timeout: 45_000, interval: 100 },
        )
        const rows = await database.db.select().from(mailOutbox)
        for (const address of ['ids-1@example.ly', 'ids-2@example.ly']) {
          const row = rows.find((r) => r.to === address)!
          const id = smtp.to(address)[0]!.messageId
          expect(id).toMatch(
            /^<[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}@shop\.example\.ly>$/,
          )
          expect(id).toBe(`<${row.messageId}@shop.example.ly>`)
          expect(id).not.toContain(`${row.id}@`)
        }
        // The first one was tried twice (refused, then sent) under one id.
        expect(rows.find((r) => r.to === 'ids-1@example.ly')!.attempts).toBe(2)
        expect(new Set(rows.map((r) => r.messageId)).size).toBe(rows.length)
      } finally {
        await mailer.close()
        await smtp.close()
      }
    })

    it("answers go to the shop's contact address; the sender's name is the mail's, the address MAIL_FROM's", async () => {
      const smtp = await startSmtp()
      const mailer = createMailer(database.db, {
        smtpUrl: smtp.url,
        from: 'مزارع النخيل الذهبية <no-reply@shop.example.ly>',
        log,
        pollMs: 60_000,
      })
      try {
        await database.db
          .insert(settings)
          .values({ key: 'contact_email', value: ' info@shop.example.ly ' })
          .onConflictDoUpdate({ target: settings.key, set: { value: ' info@shop.example.ly ' } })
        await mailer.enqueue(database.db, {
          to: 'en-sender@example.ly',
          subject: 'Your order',
          text: 't',
          fromName: 'Golden Palm Farms',
        })
        await mailer.enqueue(database.db, { to: 'plain-sender@example.ly', subject: 's', text: 't' })
        await mailer.deliverDue()
        const en = smtp.to('en-sender@example.ly')[0]!
        expect(header(en.raw, 'From')).toBe('Golden Palm Farms <no-reply@shop.example.ly>')
        expect(header(en.raw, 'Reply-To')).toBe('info@shop.example.ly')
        const plain = smtp.to('plain-sender@example.ly')[0]!
        expect(header(plain.raw, 'From')).toBe('مزارع النخيل الذهبية <no-reply@shop.example.ly>')
        expect(header(plain.raw, 'Reply-To')).toBe('info@shop.example.ly')
        // No contact address set (or not an address): no Reply-To.
        await database.db.update(settings).set({ value: '' }).where(eq(settings.key, 'contact_email'))
        await mailer.enqueue(database.db, { to: 'no-reply-to@example.ly', subject: 's', text: 't' })
        await mailer.deliverDue()
        expect(header(smtp.to('no-reply-to@example.ly')[0]!.raw, 'Reply-To')).toBe('')
      } finally {
        await mailer.close()
        await smtp.close()
      }
    })
  })
})
