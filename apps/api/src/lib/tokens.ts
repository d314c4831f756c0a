import { createHash, randomBytes } from 'node:crypto'

/** 32 random bytes (256 bits), URL-safe; only its SHA-256 hash is stored (product.md §3.1). */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
