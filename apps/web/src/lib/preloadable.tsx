import { lazy, type ComponentProps, type ComponentType } from 'react'

/**
 * A component in a chunk of its own (issue 7: not in the first download) that can also be rendered at once once its
 * chunk is loaded: like React.lazy, plus `preload()`. Decision 29: the server and the browser's hydration render the
 * parts of a server-rendered page that live in such chunks (the landing page's sections, the footer, the pager) in one
 * go, so both first load them (entry-server.tsx, app/mount.tsx) and nothing suspends: a render that suspended would
 * differ from the page the server sent.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<ComponentType<P>> | undefined
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined // a failed chunk download can be tried again
        throw error
      },
    )
    return loading
  }
  const Lazy = lazy(async () => ({ default: await preload() }))
  function Preloadable(props: P) {
    const Loaded = loaded
    return Loaded ? <Loaded {...props} /> : <Lazy {...(props as ComponentProps<typeof Lazy>)} />
  }
  return Object.assign(Preloadable, { preload })
}

/**
 * What a server-rendered page needs loaded before it is rendered or hydrated, by path (`/`, `/products`): registered
 * by the modules that render those parts, awaited by entry-server.tsx and app/mount.tsx.
 */
const partsByPath = new Map<string, (() => Promise<unknown>)[]>()

export function serverRenderedPart(paths: string[], preload: () => Promise<unknown>) {
  for (const path of paths) partsByPath.set(path, [...(partsByPath.get(path) ?? []), preload])
}

export async function preloadServerRenderedParts(path: string): Promise<void> {
  // A loaded chunk may register parts of its own (the contact form inside the landing page's sections): load until
  // no new one appears.
  const loaded = new Set<() => Promise<unknown>>()
  for (;;) {
    const parts = (partsByPath.get(path) ?? []).filter((preload) => !loaded.has(preload))
    if (parts.length === 0) return
    for (const preload of parts) loaded.add(preload)
    await Promise.all(parts.map((preload) => preload()))
  }
}
