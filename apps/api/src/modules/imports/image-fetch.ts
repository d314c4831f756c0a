import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import { MAX_UPLOAD_BYTES } from '@shop/shared/schemas/imports'

/**
 * Decision 0118: the `image_url` column of a products import. The server fetches the picture itself, with limits, and
 * never from the shop's own network unless IMPORT_IMAGE_PRIVATE_HOSTS=allow (tests, a development machine).
 */
export const IMAGE_FETCH_TIMEOUT_MS = 10_000
export const IMAGE_FETCH_MAX_REDIRECTS = 3
/** Images fetched at once by one import. */
export const IMAGE_FETCH_CONCURRENCY = 4

/** Why a URL gave no picture: the message key of the row error (`validation.<reason>`). */
export type ImageFetchFailure =
  | 'image_url_invalid'
  | 'image_url_refused'
  | 'image_url_unreachable'
  | 'image_url_not_image'
  | 'image_url_too_big'

export class ImageFetchError extends Error {
  constructor(readonly reason: ImageFetchFailure) {
    super(reason)
  }
}

/** Loopback, private, link-local, shared, multicast, reserved and documentation ranges: never a shop's supplier. */
const PRIVATE = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6')

/** Whether an address is one the import refuses (an IPv4 address written as IPv6 is judged as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4')
  const family = isIP(address)
  if (family === 4) return PRIVATE.check(address, 'ipv4')
  if (family === 6) {
    // ::ffff:7f00:1 and the like.
    if (/^::ffff:/i.test(address)) return true
    return PRIVATE.check(address, 'ipv6')
  }
  return true
}

/**
 * The address check happens when the connection is made (the resolver's answer is the one connected to), so a name
 * that resolves to a public address for a check and to a private one for the connection cannot pass.
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4)
    const list = addresses as LookupAddress[]
    if (list.length === 0 || list.some((a) => isPrivateAddress(a.address))) {
      return callback(new ImageFetchError('image_url_refused'), '', 4)
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list)
    callback(null, list[0]!.address, list[0]!.family)
  })
}

export interface ImageFetchOptions {
  /** IMPORT_IMAGE_PRIVATE_HOSTS=allow: loopback and private addresses may be fetched (tests, development). */
  allowPrivate?: boolean
  timeoutMs?: number
  maxBytes?: number
}

/** An http(s) URL of at most 2,000 characters, or null. */
export function parseImageUrl(value: string): URL | null {
  if (value.length > 2_000) return null
  try {
    const url = new URL(value.trim())
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    if (url.username || url.password) return null
    return url
  } catch {
    return null
  }
}

/**
 * The bytes of the picture at `url`: a 2xx answer with an `image/*` content type, at most MAX_UPLOAD_BYTES, within
 * 10 seconds in all, following 3 redirects at most (each one checked again). Throws ImageFetchError.
 */
export async function fetchImage(url: URL, options: ImageFetchOptions = {}): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES
  const signal = AbortSignal.timeout(options.timeoutMs ?? IMAGE_FETCH_TIMEOUT_MS)
  let current = url
  for (let hop = 0; ; hop++) {
    if (!options.allowPrivate && isIP(current.hostname.replace(/^\[|\]$/g, '')) !== 0) {
      // A literal address is connected to without a lookup.
      if (isPrivateAddress(current.hostname.replace(/^\[|\]$/g, '')))
        throw new ImageFetchError('image_url_refused')
    }
    const answer = await request(current, signal, options.allowPrivate === true, maxBytes)
    if ('redirect' in answer) {
      if (hop >= IMAGE_FETCH_MAX_REDIRECTS) throw new ImageFetchError('image_url_unreachable')
      const next = parseImageUrl(new URL(answer.redirect, current).href)
      if (!next) throw new ImageFetchError('image_url_invalid')
      current = next
      continue
    }
    return answer.body
  }
}

function request(
  url: URL,
  signal: AbortSignal,
  allowPrivate: boolean,
  maxBytes: number,
): Promise<{ body: Buffer } | { redirect: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http
    const req = client.get(
      url,
      {
        signal,
        lookup: allowPrivate ? undefined : guardedLookup,
        headers: { accept: 'image/*', 'user-agent': 'shop-import/1' },
      },
      (res) => {
        const status = res.statusCode ?? 0
        const fail = (reason: ImageFetchFailure) => {
          res.destroy()
          reject(new ImageFetchError(reason))
        }
        if ([301, 302, 303, 307, 308].includes(status) && res.headers.location) {
          res.resume()
          return resolve({ redirect: res.headers.location })
        }
        if (status < 200 || status >= 300) return fail('image_url_unreachable')
        const type = (res.headers['content-type'] ?? '').toLowerCase()
        if (!type.startsWith('image/')) return fail('image_url_not_image')
        if (Number(res.headers['content-length'] ?? 0) > maxBytes) return fail('image_url_too_big')
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > maxBytes) return fail('image_url_too_big')
          chunks.push(chunk)
        })
        res.on('end', () => resolve({ body: Buffer.concat(chunks) }))
        res.on('error', () => reject(new ImageFetchError('image_url_unreachable')))
      },
    )
    req.on('error', (err) => {
      reject(err instanceof ImageFetchError ? err : new ImageFetchError('image_url_unreachable'))
    })
  })
}
