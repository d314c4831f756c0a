import type { ReactNode } from 'react'
import { FullPageSpinner } from '../components/ui/spinner.tsx'
import { useHydrated } from '../lib/use-hydrated.ts'

/**
 * A screen drawn from what only this browser knows (the saved cart, the session, the order just placed): the server
 * and the hydrating browser show a spinner, the screen itself follows at once.
 */
export function ClientOnly({ children }: { children: () => ReactNode }) {
  return useHydrated() ? children() : <FullPageSpinner />
}
