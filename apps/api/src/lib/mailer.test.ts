import { eq } from 'drizzle-orm'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openTestDatabase } from '../../test/helpers.ts'
import type { Database } from '../db/client.ts'
import { mailOutbox } from '../db/schema/settings.ts'
import { createMailer } from './mailer.ts'

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
    const mailer = createMailer(database.db, { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'shop@example.ly', log })
    await mailer.send({ to: 'b@example.ly', subject: 'Reset', text: 'https://shop.test/reset-password?token=abc' })
    await vi.waitFor(
      async () => {
        const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'b@example.ly'))
        expect(row?.sentAt).toBeInstanceOf(Date)
      },
      { timeout: 10_000 },
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
      { timeout: 10_000 },
    )
  })
})
