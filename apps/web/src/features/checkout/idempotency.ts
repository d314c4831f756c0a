// Exactly once (product.md §10.3): one Idempotency-Key per order attempt, kept (sessionStorage, survives a reload)
// until the order succeeds, so a retry after a network failure cannot create a second order.
// The key is tied to the exact payload: a changed cart is a new attempt (the server would refuse
// the old key with IDEMPOTENCY_MISMATCH).
const STORAGE_KEY = 'checkout_idempotency'

interface Saved {
  key: string
  fingerprint: string
}

function read(): Saved | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY)
    const parsed = raw ? (JSON.parse(raw) as Saved) : null
    return parsed && typeof parsed.key === 'string' && typeof parsed.fingerprint === 'string' ? parsed : null
  } catch {
    return null
  }
}

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`

export function idempotencyKeyFor(payload: unknown): string {
  const fingerprint = JSON.stringify(payload)
  const saved = read()
  if (saved && saved.fingerprint === fingerprint) return saved.key
  const key = newKey()
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ key, fingerprint }))
  } catch {
    // no storage: the key still protects this attempt's in-memory retries
  }
  return key
}

export function forgetIdempotencyKey() {
  try {
    sessionStorage.removeItem(STORAGE_KEY)
  } catch {
    // nothing kept
  }
}
