import { startTransition, useEffect, useState, useSyncExternalStore } from 'react'
import { replayEarlyInput, type EarlyInput } from './early-input.ts'

/** 'hydrating' from mount.tsx's hydrateRoot until the server-rendered page is hydrated (endHydration); 'live' otherwise. */
let phase: 'hydrating' | 'live' = 'live'
let pendingInput: EarlyInput | null = null

const noSubscription = () => () => {}
/**
 * True on the server, and in the browser while React adopts markup the server sent (hydration, including the parts in
 * Suspense boundaries React hydrates later, React 19): React reads a store's server snapshot then, the client's after.
 */
const useServerSnapshot = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  )

/**
 * True when this component's first render drew the page the server rendered (on the server, or adopting it in the
 * browser): parts that a browser-only render brings in later (the landing page's sections, the footer, the pager) are
 * drawn at once then (decision 29). Stays what it was for the component's life.
 */
export function useDrawsServerPage(): boolean {
  const server = useServerSnapshot()
  const [drew] = useState(server)
  return drew
}

/** app/mount.tsx, right before hydrating a page the server rendered, with what the visitor did before (lib/early-input.ts). */
export function beginHydration(early: EarlyInput) {
  phase = 'hydrating'
  pendingInput = early
}

/**
 * The server-rendered page component (landing, products), once React has adopted it: what the visitor did before the
 * page was hydrated reaches React now.
 */
export function endHydration() {
  if (phase !== 'hydrating') return
  phase = 'live'
  document.documentElement.setAttribute('data-hydrated', '')
  const early = pendingInput
  pendingInput = null
  if (early) setTimeout(() => replayEarlyInput(early), 0)
}

/**
 * False while the server renders a storefront page and while the browser hydrates that markup, true in every later
 * render (and at once in a page the browser renders itself). What only the browser knows (the saved cart, the
 * signed-in user, a #section in the URL) waits for it, so the first render in the browser draws exactly what the
 * server sent (decision 29). The switch to true after hydrating is a transition: React renders what changes in
 * slices, not in one long task on a slow phone (issue 7).
 */
export function useHydrated(): boolean {
  const server = useServerSnapshot()
  const [hydrated, setHydrated] = useState(!server)
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true))
  }, [hydrated])
  return hydrated
}
