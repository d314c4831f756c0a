import { lazy, Suspense } from 'react'
import { loadLaterTexts } from '../../lib/i18n.ts'
import { useNearViewport } from '../../lib/use-near-viewport.ts'

// Issue 7: the footer is never on the first screen, so it is not in the first download; it loads when it comes near
// the screen. Until then a block of its colour and height (measured in Arabic at 375 / 640 / 1024+ px) holds its
// place, so the page does not move when it arrives (CLS 0). Its texts are not in the first download either (lib/i18n.ts).
const SiteFooter = lazy(async () => ({
  default: (await Promise.all([import('./site-footer.tsx'), loadLaterTexts()]))[0].SiteFooter,
}))

export function LazyFooter() {
  const [ref, near] = useNearViewport<HTMLDivElement>('400px')
  const placeholder = (
    <div
      ref={near ? undefined : ref}
      className="min-h-[831px] bg-palm-900 sm:min-h-[489px] lg:min-h-[325px]"
    />
  )
  return near ? (
    <Suspense fallback={placeholder}>
      <SiteFooter />
    </Suspense>
  ) : (
    placeholder
  )
}
