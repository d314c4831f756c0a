import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  messageId: string
  raw: string
}

/**
 * A real SMTP peer for the mailer's tests. `down = true` refuses every message (a 451, as a server in trouble answers);
 * `delayMs` holds each message before accepting it (two processes then overlap in time).
 */
export async function startSmtp(options: { delayMs?: number } = {}) {
  const state = { down: false, delayMs: options.delayMs ?? 0 }
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (c: Buffer) => (raw += c.toString('latin1')))
      stream.on('end', () => {
        setTimeout(() => {
          if (state.down) {
            const err = Object.assign(new Error('mail server busy, try later'), { responseCode: 451 })
            callback(err)
            return
          }
          const messageId = /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? ''
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), messageId, raw })
          callback()
        }, state.delayMs)
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    state,
    mails,
    to: (address: string) => mails.filter((m) => m.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The text of a MIME message with base64 / quoted-printable parts decoded (enough to read texts and links). */
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

/** A header of a raw message, unfolded, its MIME encoded-words (=?UTF-8?B?…?= / Q) decoded; '' when absent. */
export function mailHeader(raw: string, name: string): string {
  const split = raw.search(/\r?\n\r?\n/)
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r?\n[ \t]+/g, ' ')
  const value = head.match(new RegExp(`^${name}:[ \t]*(.*)$`, 'im'))?.[1] ?? ''
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    )
    .trim()
}
