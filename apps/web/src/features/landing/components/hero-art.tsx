import { useState } from 'react'

/**
 * The hero's art (public/hero.svg). Chromium draws an SVG shown by <img> in a separate document that it builds on the
 * page's main thread (16-22 ms on a slow phone, issue 7), so a page the server renders carries the art inline
 * (entry-server.tsx hands its markup over), and the browser keeps what the server sent when it adopts the page. A
 * landing page the browser renders itself shows the file: the markup stays out of the first download's script.
 */
let serverMarkup: string | null = null

/** entry-server.tsx: the art's markup (ids of its own) for pages rendered on the server. */
export function setServerHeroArt(markup: string) {
  serverMarkup = markup
}

const FILE = '<img src="/hero.svg" alt="" class="size-full object-cover" width="1600" height="900" fetchpriority="high">'
const ID = 'hero-art'

export function HeroArt() {
  // Hydrating a server-rendered page: the art already there, so React finds exactly what it renders. Read once, when
  // the hero is first rendered, not on every later render (a language switch).
  const [markup] = useState(() => serverMarkup ?? (typeof document === 'undefined' ? undefined : document.getElementById(ID)?.innerHTML) ?? FILE)
  return <div id={ID} aria-hidden="true" className="absolute inset-0 -z-20 rtl:-scale-x-100" dangerouslySetInnerHTML={{ __html: markup }} />
}
