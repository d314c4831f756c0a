import { AboutSection } from './about-section.tsx'
import { ContactSection } from './contact-section.tsx'
import { FeaturedSection } from './featured-section.tsx'
import { QualitySection } from './quality-section.tsx'

/**
 * SPEC §2 landing sections under the hero, by their anchor: one lazy chunk (issue 7), loaded by landing-page.tsx
 * when the first of them comes near the screen; each section then renders when it comes near itself.
 */
export const belowFoldSections = {
  about: AboutSection,
  products: FeaturedSection,
  quality: QualitySection,
  contact: ContactSection,
}
