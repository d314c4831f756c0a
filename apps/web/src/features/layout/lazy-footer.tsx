import { Suspense, useMemo } from 'react'
import { useDrawsServerPage } from '../../lib/hydration.ts'
import { loadLaterTexts } from '../../lib/i18n.ts'
import { preloadable, serverRenderedPart } from '../../lib/preloadable.tsx'
import { useNearViewport } from '../../lib/use-near-viewport.ts'

// Issue 7: the footer is never on the first screen, so it is not in the first download; it loads when it comes near
// the screen. Until then a block of its colour and height (measured in Arabic at 375 / 640 / 1024+ px) holds its
// place, so the page does not move when it arrives (CLS 0). Its texts are not in the first download either (lib/i18n.ts).
const SiteFooter = preloadable(async () => (await Promise.all([import('./site-footer.tsx'), loadLaterTexts()]))[0].SiteFooter)

// Decision 29: a page the server renders has its footer in the HTML (drawn when the page has loaded, see .defer-render
// in index.css); the browser loads the footer's chunk before adopting that page.
serverRenderedPart(['/', '/products'], SiteFooter.preload)

const FOOTER_HEIGHT = 'min-h-[831px] sm:min-h-[489px] lg:min-h-[325px]'

export function LazyFooter() {
  const serverPage = useDrawsServerPage()
  const [ref, near] = useNearViewport<HTMLDivElement>('400px')
  // One element for the component's life: the render React does right after hydrating leaves the footer alone.
  const footer = useMemo(() => <SiteFooter />, [])
  // Marked drawn by the page's loader when the page has loaded, maybe before React adopts it (src/boot/ssr-loader.js).
  if (serverPage)
    return (
      <div className="defer-render [--defer-h:831px] sm:[--defer-h:489px] lg:[--defer-h:325px]" suppressHydrationWarning>
        {footer}
      </div>
    )
  const placeholder = <div ref={near ? undefined : ref} className={`bg-palm-900 ${FOOTER_HEIGHT}`} />
  return near ? <Suspense fallback={placeholder}>{footer}</Suspense> : placeholder
}
