import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { AboutSection } from './about-section.tsx'
import { ContactSection } from './contact-section.tsx'
import { FeaturedSection } from './featured-section.tsx'
import { QualitySection } from './quality-section.tsx'

/** SPEC §2 landing sections under the hero: a lazy chunk (issue 7), loaded by landing-page.tsx near the screen. */
export function BelowFold() {
  const { hash } = useLocation()
  // Footer quick links arrive as /#section: scroll there once the real section exists (not its placeholder).
  useEffect(() => {
    if (!hash) return
    const el = document.getElementById(decodeURIComponent(hash.slice(1)))
    el?.scrollIntoView({ block: 'start' })
  }, [hash])
  return (
    <>
      <AboutSection />
      <FeaturedSection />
      <QualitySection />
      <ContactSection />
    </>
  )
}
