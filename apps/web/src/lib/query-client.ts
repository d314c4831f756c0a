import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client.ts'

// SPEC §9: 3 retries with exponential back-off from 1 s capped at 30 s, cache kept 5 minutes.
// A 4xx will not change by retrying, so it is shown at once.
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
          return failureCount < 3
        },
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * 60_000,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
}
