import type { StorefrontContent } from '@shop/shared/storefront-content'
import type { Product } from '@shop/shared/schemas/product'
import { AboutSection } from './about-section.tsx'
import { ContactSection } from './contact-section.tsx'
import { FeaturedSection } from './featured-section.tsx'
import { HeroSection } from './hero-section.tsx'
import { QualitySection } from './quality-section.tsx'

/**
 * product.md §2.3 landing page, sent whole by the server; the footer comes from the public layout. Its texts are the
 * owner's content (decision 0125), in the page's language.
 */
export function LandingPage({ featured, content }: { featured: Product[]; content: StorefrontContent }) {
  return (
    <>
      <HeroSection hero={content.hero} />
      <AboutSection about={content.about} />
      <FeaturedSection products={featured} />
      <QualitySection quality={content.quality} />
      <ContactSection address={content.address} />
    </>
  )
}
