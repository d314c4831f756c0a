import type { Product } from '@shop/shared/schemas/product'
import { AboutSection } from './about-section.tsx'
import { ContactSection } from './contact-section.tsx'
import { FeaturedSection } from './featured-section.tsx'
import { HeroSection } from './hero-section.tsx'
import { QualitySection } from './quality-section.tsx'

/** product.md §2.3 landing page, sent whole by the server; the footer comes from the public layout. */
export function LandingPage({ featured }: { featured: Product[] }) {
  return (
    <>
      <HeroSection />
      <AboutSection />
      <FeaturedSection products={featured} />
      <QualitySection />
      <ContactSection />
    </>
  )
}
