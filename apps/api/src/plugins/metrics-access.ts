import { createHash, timingSafeEqual } from 'node:crypto'
import { BlockList, isIP } from 'node:net'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../lib/app-error.ts'

/**
 * Decision 0041: /metrics is read from the addresses in METRICS_ALLOW (loopback by default) or with
 * `Authorization: Bearer <METRICS_TOKEN>` from anywhere. A token that is sent must be right, whatever the address.
 */
export interface MetricsAccessSettings {
  METRICS_ALLOW: string
  METRICS_TOKEN?: string
  /** Whether X-Forwarded-For is trusted (TRUST_PROXY): the client address is then the forwarded one. */
  proxyTrusted: boolean
}

/** `127.0.0.1, ::1, 10.0.0.0/8, localhost` → a list to check client addresses against; a typo stops the start. */
export function parseAllowList(value: string): BlockList {
  const list = new BlockList()
  for (const raw of value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    if (raw === 'localhost') {
      list.addAddress('127.0.0.1', 'ipv4')
      list.addAddress('::1', 'ipv6')
      continue
    }
    const [address = '', prefix] = raw.split('/')
    const family = isIP(address)
    const bits = prefix === undefined ? null : Number(prefix)
    const max = family === 4 ? 32 : 128
    if (
      family === 0 ||
      (bits !== null && (!Number.isInteger(bits) || bits < 0 || bits > max || prefix === ''))
    ) {
      throw new Error(
        `METRICS_ALLOW: "${raw}" is not an IP address or CIDR range (e.g. 127.0.0.1, ::1, 10.0.0.0/8)`,
      )
    }
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (bits === null) list.addAddress(address, type)
    else list.addSubnet(address, bits, type)
  }
  return list
}

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Throws the shop's 401 (wrong token) or 403 (address not allowed); returns when the caller may read. */
export function createMetricsGuard(settings: MetricsAccessSettings): (request: FastifyRequest) => void {
  const allowed = parseAllowList(settings.METRICS_ALLOW)
  const token = settings.METRICS_TOKEN ? digest(settings.METRICS_TOKEN) : null
  return (request) => {
    const header = request.headers.authorization
    if (typeof header === 'string' && header.trim() !== '') {
      const given = /^Bearer\s+(\S+)\s*$/i.exec(header.trim())?.[1]
      // Hashes of equal length, compared in constant time: the answer's timing tells nothing about the token.
      if (token && given && timingSafeEqual(digest(given), token)) return
      throw new AppError('UNAUTHENTICATED', 401, {
        messageKey: 'errors.METRICS_TOKEN_INVALID',
        headers: { 'www-authenticate': 'Bearer realm="metrics"' },
      })
    }
    // Through a proxy the shop does not trust, every request comes from the proxy's (often loopback) address:
    // the address says nothing about the caller, so only the token opens the metrics.
    const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some(
      (name) => request.headers[name] !== undefined,
    )
    if (forwarded && !settings.proxyTrusted) throw forbidden()
    const ip =
      request.ip.startsWith('::ffff:') && isIP(request.ip.slice(7)) === 4 ? request.ip.slice(7) : request.ip
    const family = isIP(ip)
    if (family !== 0 && allowed.check(ip, family === 4 ? 'ipv4' : 'ipv6')) return
    throw forbidden()
  }
}

const forbidden = () => new AppError('FORBIDDEN', 403, { messageKey: 'errors.METRICS_FORBIDDEN' })
