/**
 * The session changed (sign-in, sign-out, a 401): whatever was fetched for the previous visitor is forgotten. The auth
 * provider announces it; the query cache (lib/query-provider.tsx, loaded only by screens that fetch) listens.
 */
const EVENT = 'shop:session-changed'

export const announceSessionChange = () => {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(EVENT))
}

export function onSessionChange(listener: () => void): () => void {
  window.addEventListener(EVENT, listener)
  return () => window.removeEventListener(EVENT, listener)
}
