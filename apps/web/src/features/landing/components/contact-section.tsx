import { Mail, MapPin, Phone } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { inLanguage, type LocalizedText } from '@shop/shared/storefront-content'
import { loadSharedMessages } from '../../../lib/i18n.ts'
import { useShopSettings } from '../../../lib/shop-settings.ts'
import { SectionHeading } from './section-heading.tsx'

export { mailer } from '../mailer.ts'

// Used when the settings have not loaded (or were emptied): the shop's information address.
const FALLBACK_EMAIL = 'info@golden-palm.ly'

// The form brings react-hook-form and its validation (~35 KB), which nothing else on the landing page needs, and it
// only works with the app running (it opens the mail client): it loads when its section comes within a screen or so of
// being seen (decision 0031), so a visitor who never scrolls there does not download it. Until then a block of the
// form's size holds its place. Its validation texts come with it.
const ContactFormCard = lazy(
  async () => (await Promise.all([import('./contact-form.tsx'), loadSharedMessages()]))[0],
)

/** True once the element is within `margin` of the screen (at once where IntersectionObserver is missing). */
function useNear<T extends Element>(margin: string) {
  const ref = useRef<T>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || near) return
    if (typeof IntersectionObserver === 'undefined') return setNear(true)
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && setNear(true),
      { rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [margin, near])
  return [ref, near] as const
}

export function ContactSection({ address: addresses }: { address?: LocalizedText }) {
  const { t, i18n } = useTranslation('storefront')
  const settings = useShopSettings()
  // The owner's address in the page's language (decision 0125), else the `address` setting.
  const address =
    (addresses && inLanguage(addresses, i18n.language === 'en' ? 'en' : 'ar')) || settings.address
  const [formSlot, formNear] = useNear<HTMLDivElement>('800px')
  const to = settings.contact_email || FALLBACK_EMAIL

  return (
    <section
      id="contact"
      tabIndex={-1}
      className="scroll-mt-20 bg-sand-100 py-16 outline-none sm:py-20"
      aria-labelledby="contact-title"
    >
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading
          id="contact-title"
          eyebrow={t('landing.contact.eyebrow')}
          title={t('landing.contact.title')}
          text={t('landing.contact.text')}
        />
        <div className="grid gap-8 lg:grid-cols-[1fr_1.4fr]">
          <ul className="space-y-4 self-start rounded-[var(--radius-card)] bg-palm-800 p-6 text-palm-50">
            <li className="flex items-center gap-3">
              <Mail className="size-5 shrink-0 text-honey-300" aria-hidden="true" />
              <a href={`mailto:${to}`} dir="ltr" className="break-all hover:underline">
                {to}
              </a>
            </li>
            {settings.contact_phone ? (
              <li className="flex items-center gap-3">
                <Phone className="size-5 shrink-0 text-honey-300" aria-hidden="true" />
                <a
                  href={`tel:${settings.contact_phone.replace(/\s/g, '')}`}
                  dir="ltr"
                  className="hover:underline"
                >
                  {settings.contact_phone}
                </a>
              </li>
            ) : null}
            {address ? (
              <li className="flex items-start gap-3">
                <MapPin className="mt-0.5 size-5 shrink-0 text-honey-300" aria-hidden="true" />
                <span>{address}</span>
              </li>
            ) : null}
            <li className="border-t border-palm-700 pt-4 text-sm text-palm-100">
              {t('landing.contact.reply_note')}
            </li>
          </ul>

          <div ref={formSlot} className="min-h-[30rem] sm:min-h-[22rem]">
            {formNear ? (
              <Suspense fallback={null}>
                <ContactFormCard to={to} />
              </Suspense>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  )
}
