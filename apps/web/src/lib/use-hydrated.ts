import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False on the server and while the browser hydrates the page the server sent, true in every render after. What only
 * this browser knows (the saved cart, the signed-in user) waits for it, so hydration draws exactly what the server
 * drew and React never has to throw the page away.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
