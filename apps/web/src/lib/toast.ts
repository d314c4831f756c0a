import type * as SonnerModule from 'sonner'
import type { ExternalToast } from 'sonner'

/**
 * `toast` without sonner in the first download (performance.md, storefront initial JS budget). Calls made before
 * sonner has loaded are queued and replayed in order (sonner itself replays toasts created before its <Toaster>
 * subscribes). Sonner loads on the first toast, or earlier on the visitor's first pointer/key interaction
 * (app/lazy-toaster.tsx), so it is usually there by the time an action answers.
 */
type Sonner = typeof SonnerModule
type Message = Parameters<Sonner['toast']['success']>[0]
type Kind = 'success' | 'error' | 'info'
type Listener = (sonner: Sonner) => void

let loaded: Sonner | null = null
let loading: Promise<Sonner> | null = null
const listeners = new Set<Listener>()

export function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then((mod) => {
    loaded = mod
    for (const listener of listeners) listener(mod)
    return mod
  })
  return loading
}

/** Called with sonner once it is loaded (at once if it already is); returns an unsubscribe function. */
export function onSonnerLoaded(listener: Listener): () => void {
  if (loaded) listener(loaded)
  else listeners.add(listener)
  return () => listeners.delete(listener)
}

function show(kind: Kind, message: Message, data?: ExternalToast) {
  if (loaded) loaded.toast[kind](message, data)
  else void loadSonner().then((mod) => mod.toast[kind](message, data))
}

/** product.md §9 toasts (the <Toaster> in app/lazy-toaster.tsx fixes position, 4000 ms, at most 3 visible). */
export const toast = {
  success: (message: Message, data?: ExternalToast) => show('success', message, data),
  error: (message: Message, data?: ExternalToast) => show('error', message, data),
  info: (message: Message, data?: ExternalToast) => show('info', message, data),
}
