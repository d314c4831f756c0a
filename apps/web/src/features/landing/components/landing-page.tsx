import { lazy, Suspense, type Ref } from 'react'
import { useLocation } from 'react-router'
import { loadLaterTexts } from '../../../lib/i18n.ts'
import { useNearViewport } from '../../../lib/use-near-viewport.ts'
import { HeroSection } from './hero-section.tsx'

// Issue 7: the sections under the hero are not in the first download; they load as one chunk when they come near the
// screen. Their anchors (#about, #products, #quality, #contact) exist at once as placeholders, with the heights the
// real sections have (measured at 375 / 640 / 1024+ px in Arabic), so the hero's buttons scroll to the right place
// and nothing on screen moves when the chunk arrives (CLS 0).
const BelowFold = lazy(async () => ({
  default: (await Promise.all([import('./below-fold.tsx'), loadLaterTexts()]))[0].BelowFold,
}))

const placeholders = [
  { id: 'about', className: 'bg-white min-h-[1400px] sm:min-h-[943px] lg:min-h-[698px]' },
  { id: 'products', className: 'bg-sand-100 min-h-[2978px] sm:min-h-[1607px] lg:min-h-[964px]' },
  { id: 'quality', className: 'bg-white min-h-[1221px] sm:min-h-[1080px] lg:min-h-[744px]' },
  { id: 'contact', className: 'bg-sand-100 min-h-[1076px] sm:min-h-[1002px] lg:min-h-[765px]' },
]

function Placeholders({ firstRef }: { firstRef?: Ref<HTMLDivElement> }) {
  return placeholders.map((p, i) => (
    <div
      key={p.id}
      id={p.id}
      ref={i === 0 ? firstRef : undefined}
      tabIndex={-1}
      className={`scroll-mt-20 outline-none ${p.className}`}
    />
  ))
}

/** SPEC §2 landing page; the footer comes from the public layout. */
export function LandingPage() {
  const { hash } = useLocation()
  const [ref, near] = useNearViewport<HTMLDivElement>('400px', hash.length > 1)
  return (
    <>
      <HeroSection />
      {near ? (
        <Suspense fallback={<Placeholders />}>
          <BelowFold />
        </Suspense>
      ) : (
        <Placeholders firstRef={ref} />
      )}
    </>
  )
}
