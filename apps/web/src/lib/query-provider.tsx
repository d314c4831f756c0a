import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { createQueryClient } from './query-client.ts'
import { onSessionChange } from './session-events.ts'

/**
 * The browser's one query cache, made when the first screen that fetches in the browser opens (checkout, my orders,
 * the dashboard): the storefront's server-rendered pages get their data from their route loaders and never download
 * TanStack Query. Screens opened later share the cache.
 */
let browserClient: QueryClient | undefined

function sharedClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient()
  if (!browserClient) {
    const client = createQueryClient()
    onSessionChange(() => client.clear())
    browserClient = client
  }
  return browserClient
}

/** `client`: tests give each render a fresh cache. */
export function QueryProvider({ children, client: given }: { children: ReactNode; client?: QueryClient }) {
  const [client] = useState(() => given ?? sharedClient())
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}
