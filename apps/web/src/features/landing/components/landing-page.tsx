import { startTransition, Suspense, useEffect, useMemo, useState } from 'react'
import { useLocation } from 'react-router'
import { endHydration, useDrawsServerPage, useHydrated } from '../../../lib/hydration.ts'
import { loadLaterTexts } from '../../../lib/i18n.ts'
import { preloadable, serverRenderedPart } from '../../../lib/preloadable.tsx'
import { useNearViewport } from '../../../lib/use-near-viewport.ts'
import type { belowFoldSections } from './below-fold.tsx'
import { HeroSection } from './hero-section.tsx'

// Issue 7: the sections under the hero are not in the first download; their chunk loads when the first comes near
// the screen. A section near the screen renders at once; the others follow once the browser is idle after that
// (or earlier when scrolled near), so a slow phone lays the page out in several short tasks instead of one long
// one, and the whole landing page is there a moment after the first screen. Their anchors (#about, #products,
// #quality, #contact) exist at once as placeholders with the heights the real sections have (measured at 375 /
// 640 / 1024+ px in Arabic), so the hero's buttons scroll to the right place and nothing on screen moves when a
// section arrives (CLS 0).
type SectionId = keyof typeof belowFoldSections

const loadSections = () => Promise.all([import('./below-fold.tsx'), loadLaterTexts()]).then(([m]) => m.belowFoldSections)
const lazySection = (id: SectionId) => preloadable(async () => (await loadSections())[id])

// `deferred`: the same heights for a section the server rendered, until it is drawn (.defer-render in index.css).
const sections: { id: SectionId; className: string; deferred: string; Section: ReturnType<typeof lazySection> }[] = [
  { id: 'about', className: 'bg-white min-h-[1400px] sm:min-h-[943px] lg:min-h-[698px]', deferred: '[--defer-h:1400px] sm:[--defer-h:943px] lg:[--defer-h:698px]', Section: lazySection('about') },
  { id: 'products', className: 'bg-sand-100 min-h-[2978px] sm:min-h-[1607px] lg:min-h-[964px]', deferred: '[--defer-h:2978px] sm:[--defer-h:1607px] lg:[--defer-h:964px]', Section: lazySection('products') },
  { id: 'quality', className: 'bg-white min-h-[1221px] sm:min-h-[1080px] lg:min-h-[744px]', deferred: '[--defer-h:1221px] sm:[--defer-h:1080px] lg:[--defer-h:744px]', Section: lazySection('quality') },
  { id: 'contact', className: 'bg-sand-100 min-h-[1076px] sm:min-h-[1002px] lg:min-h-[765px]', deferred: '[--defer-h:1076px] sm:[--defer-h:1002px] lg:[--defer-h:765px]', Section: lazySection('contact') },
]

// Decision 29: the server renders every section (so the page is whole without a script, and a scroll shows it at once);
// the browser loads their chunk before adopting that page.
serverRenderedPart(['/'], () => Promise.all(sections.map((s) => s.Section.preload())))

/** How long after the first section under the hero was shown the others start to render on their own. */
const SETTLE_MS = 3000

/**
 * How many sections the idle browser has revealed since `start` became true: one more each time the browser is idle
 * (at most `timeoutMs` apart), so the sections not yet near the screen arrive one short task at a time rather than
 * in one long layout that a slow phone counts as blocking time.
 */
function useIdleReveal(start: boolean, total: number, timeoutMs = 1500) {
  const [revealed, setRevealed] = useState(0)
  const [settled, setSettled] = useState(false)
  // The first screen's own work (scripts, first render, its pictures) comes first: revealing starts a few seconds
  // after the first section was shown.
  useEffect(() => {
    if (!start || settled) return
    const id = setTimeout(() => setSettled(true), SETTLE_MS)
    return () => clearTimeout(id)
  }, [start, settled])
  useEffect(() => {
    if (!settled || revealed >= total) return
    const next = () => startTransition(() => setRevealed((n) => n + 1))
    if (typeof requestIdleCallback === 'function') {
      const cancel = cancelIdleCallback
      const id = requestIdleCallback(next, { timeout: timeoutMs })
      return () => cancel(id)
    }
    const id = setTimeout(next, 200)
    return () => clearTimeout(id)
  }, [settled, revealed, total, timeoutMs])
  return revealed
}

/** Mounted with its section: tells the page a section is shown, and lands a /#section link on the real section. */
function SectionShown({ id, onShown }: { id: SectionId; onShown: () => void }) {
  const { hash } = useLocation()
  useEffect(onShown, [onShown])
  useEffect(() => {
    if (decodeURIComponent(hash.slice(1)) === id) document.getElementById(id)?.scrollIntoView({ block: 'start' })
  }, [hash, id])
  return null
}

function BelowFoldSection({ id, className, Section, forced, onShown }: (typeof sections)[number] & { forced: boolean; onShown: () => void }) {
  const [ref, near] = useNearViewport<HTMLDivElement>('400px', forced)
  const placeholder = <div id={id} ref={near ? undefined : ref} tabIndex={-1} className={`scroll-mt-20 outline-none ${className}`} />
  if (!near) return placeholder
  return (
    <Suspense fallback={placeholder}>
      <Section />
      <SectionShown id={id} onShown={onShown} />
    </Suspense>
  )
}

const noop = () => {}

/** SPEC §2 landing page; the footer comes from the public layout. */
export function LandingPage() {
  const serverPage = useDrawsServerPage()
  useEffect(() => {
    if (serverPage) endHydration()
  }, [serverPage])
  // Each section of a server-rendered page skips the page's first layout (content-visibility) and is drawn when the
  // page has loaded (or earlier, when it comes near the screen); the page's loader marks it drawn (data-rendered,
  // src/boot/ssr-loader.js), maybe before React adopts the page. One element each for the page's life: React's render
  // right after hydrating leaves them be.
  const serverSections = useMemo(
    () =>
      sections.map(({ id, deferred, Section }) => (
        <div key={id} className={`defer-render ${deferred}`} suppressHydrationWarning>
          <Section />
        </div>
      )),
    [],
  )
  const [anyShown, setAnyShown] = useState(false)
  const revealed = useIdleReveal(anyShown, sections.length)
  // A /#section link needs every section above its target real, so the scroll lands where the section ends up. The
  // server never sees the #section, so a page it rendered applies it once hydrated (lib/hydration.ts).
  const hash = useLocation().hash
  const linked = useHydrated() && hash.length > 1
  if (serverPage) {
    return (
      <>
        <HeroSection />
        {serverSections}
      </>
    )
  }
  return (
    <>
      <HeroSection />
      {sections.map((s, i) => (
        <BelowFoldSection key={s.id} {...s} forced={linked || (anyShown && i <= revealed)} onShown={anyShown ? noop : () => setAnyShown(true)} />
      ))}
    </>
  )
}
