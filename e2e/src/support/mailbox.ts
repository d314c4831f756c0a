import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  raw: string
  /** The message text with base64 and quoted-printable parts decoded (enough to read links). */
  text: string
}

/** Decodes one MIME entity (headers + body), recursing into multipart bodies; returns the text parts. */
export function decodeMail(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/)
  const head = split < 0 ? raw : raw.slice(0, split)
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '')
  const header = (name: string) =>
    head.replace(/\r?\n[ \t]+/g, ' ').match(new RegExp(`^${name}:\\s*(.+)$`, 'im'))?.[1] ?? ''
  const boundary = header('Content-Type').match(/boundary="?([^";]+)"?/i)?.[1]
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => decodeMail(part.replace(/^\r?\n/, '')))
      .join('\n')
  }
  const encoding = header('Content-Transfer-Encoding').toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

/** A real SMTP peer for the shop's mailer (SMTP_URL), keeping what it receives. */
export async function startMailbox(): Promise<{
  url: string
  mails: ReceivedMail[]
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}> {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (c: Buffer) => (raw += c.toString('latin1')))
      stream.on('end', () => {
        // Bytes kept as latin1 so decodeMail can undo the transfer encoding before reading UTF-8.
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeMail(raw) })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const mail = mails.find((m) => m.to.includes(to))
        if (mail) return mail
        if (Date.now() > deadline)
          throw new Error(
            `no mail to ${to} within ${timeoutMs} ms (received: ${mails.map((m) => m.to.join(',')).join('; ') || 'none'})`,
          )
        await new Promise((r) => setTimeout(r, 100))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
