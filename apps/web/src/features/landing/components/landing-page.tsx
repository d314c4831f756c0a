import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { AboutSection } from './about-section.tsx'
import { ContactSection } from './contact-section.tsx'
import { FeaturedSection } from './featured-section.tsx'
import { HeroSection } from './hero-section.tsx'
import { QualitySection } from './quality-section.tsx'

/** SPEC §2 landing page; the footer comes from the public layout. */
export function LandingPage() {
  const { hash } = useLocation()
  // Footer quick links arrive as /#section: scroll there once the section exists.
  useEffect(() => {
    if (!hash) return
    const el = document.getElementById(decodeURIComponent(hash.slice(1)))
    el?.scrollIntoView({ block: 'start' })
  }, [hash])
  return (
    <>
      <HeroSection />
      <AboutSection />
      <FeaturedSection />
      <QualitySection />
      <ContactSection />
    </>
  )
}
