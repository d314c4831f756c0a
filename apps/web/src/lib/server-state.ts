import type { QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * Decision 29: the answers a server-rendered page was drawn from travel with it in a JSON data block, so the browser
 * hydrates with exactly the same data (no request, no loading state, nothing redrawn).
 */
export const SERVER_STATE_ELEMENT_ID = 'server-state'

export interface ServerQuery {
  key: QueryKey
  data: unknown
  /** When the server got the answer (ms since the epoch): the query goes stale from there like any other. */
  updatedAt: number
}

/** The queries of a server-rendered page, or null when the block is missing or damaged. Reads it once. */
export function takeServerState(): ServerQuery[] | null {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID)
  if (!element?.textContent) return null
  element.remove()
  try {
    const parsed: unknown = JSON.parse(element.textContent)
    return Array.isArray(parsed) ? (parsed as ServerQuery[]) : null
  } catch {
    return null
  }
}

/** Puts the server's answers into the browser's query cache before the first render. */
export function seedQueries(client: QueryClient, queries: ServerQuery[]) {
  for (const q of queries) client.setQueryData(q.key, q.data, { updatedAt: q.updatedAt })
}
