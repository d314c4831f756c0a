import { Clock, Mail, MapPin, MessageCircle, Phone } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { inLanguage, isClosedTime } from '@shop/shared/storefront-content'
import { logoOf, useShopIdentity } from '../../lib/shop-content.ts'
import { useShopBrand, useShopSettings } from '../../lib/shop-settings.ts'
import { FacebookIcon, InstagramIcon } from './social-icons.tsx'
import { internationalNumber } from '@shop/shared/orders/phone'

/** Decision 0121: wa.me takes the international number; a stored setting of any age reads as one. */
export const whatsappLink = (number: string) => `https://wa.me/${internationalNumber(number) ?? ''}`

/**
 * product.md §2.2 footer: links to the landing anchors, contact details, business hours, social links, ©. The words
 * about the shop, the hours and the address are the owner's content in the page's language (decision 0125); the year
 * is the server's clock's.
 */
export function SiteFooter() {
  const { t, i18n } = useTranslation('storefront')
  const settings = useShopSettings()
  const identity = useShopIdentity()
  const lang = i18n.language === 'en' ? 'en' : 'ar'
  const about = identity ? inLanguage(identity.footer_text, lang) : ''
  const address = (identity && inLanguage(identity.address, lang)) || settings.address
  const hours = identity?.hours ?? []
  const year = identity?.year ?? new Date().getFullYear()
  const shopName = useShopBrand().name
  const anchors = [
    { hash: 'about', label: t('footer.links.about') },
    { hash: 'products', label: t('footer.links.products') },
    { hash: 'quality', label: t('footer.links.quality') },
    { hash: 'contact', label: t('footer.links.contact') },
  ]
  const social = [
    settings.facebook_url
      ? {
          href: settings.facebook_url,
          label: 'Facebook',
          icon: <FacebookIcon className="size-5" aria-hidden="true" />,
        }
      : null,
    settings.instagram_url
      ? {
          href: settings.instagram_url,
          label: 'Instagram',
          icon: <InstagramIcon className="size-5" aria-hidden="true" />,
        }
      : null,
    settings.whatsapp_number
      ? {
          href: whatsappLink(settings.whatsapp_number),
          label: 'WhatsApp',
          icon: <MessageCircle className="size-5" aria-hidden="true" />,
        }
      : null,
  ].filter((s) => s !== null)

  return (
    <footer className="bg-palm-900 text-palm-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <div className="flex items-center gap-2">
            <img
              src={logoOf(identity).image}
              alt=""
              width={40}
              height={40}
              className="size-10 rounded-full bg-white object-contain p-0.5"
            />
            <p className="text-lg font-extrabold text-white">{shopName}</p>
          </div>
          {about ? <p className="mt-3 text-sm leading-relaxed text-palm-100">{about}</p> : null}
          {social.length ? (
            <ul className="mt-4 flex gap-2" aria-label={t('footer.follow')}>
              {social.map((s) => (
                <li key={s.label}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={s.label}
                    className="inline-flex size-10 items-center justify-center rounded-full bg-palm-800 text-white hover:bg-palm-700"
                  >
                    {s.icon}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <nav aria-label={t('footer.quick_links')}>
          <h2 className="text-base font-bold text-white">{t('footer.quick_links')}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {anchors.map((a) => (
              <li key={a.hash}>
                <Link
                  to={{ pathname: '/', hash: a.hash }}
                  className="text-palm-100 hover:text-white hover:underline"
                >
                  {a.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/products" className="text-palm-100 hover:text-white hover:underline">
                {t('footer.links.all_products')}
              </Link>
            </li>
            <li>
              <Link to="/track" className="text-palm-100 hover:text-white hover:underline">
                {t('footer.links.track')}
              </Link>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="text-base font-bold text-white">{t('footer.contact_title')}</h2>
          <ul className="mt-3 space-y-2.5 text-sm text-palm-100">
            {address ? (
              <li className="flex items-start gap-2">
                <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>{address}</span>
              </li>
            ) : null}
            {settings.contact_phone ? (
              <li className="flex items-center gap-2">
                <Phone className="size-4 shrink-0" aria-hidden="true" />
                <a
                  href={`tel:${settings.contact_phone.replace(/\s/g, '')}`}
                  dir="ltr"
                  className="hover:text-white hover:underline"
                >
                  {settings.contact_phone}
                </a>
              </li>
            ) : null}
            {settings.contact_email ? (
              <li className="flex items-center gap-2">
                <Mail className="size-4 shrink-0" aria-hidden="true" />
                <a
                  href={`mailto:${settings.contact_email}`}
                  dir="ltr"
                  className="break-all hover:text-white hover:underline"
                >
                  {settings.contact_email}
                </a>
              </li>
            ) : null}
          </ul>
        </div>

        {hours.length ? (
          <div>
            <h2 className="text-base font-bold text-white">{t('footer.hours_title')}</h2>
            <ul className="mt-3 space-y-2 text-sm text-palm-100">
              {hours.map((row, i) => (
                <li key={i} className="flex items-start gap-2">
                  <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <p>
                    <span className="block font-semibold text-white">{inLanguage(row.days, lang)}</span>
                    {/* Decision 0232: the hours are digits on every page; a closed day is said in the page's language. */}
                    {isClosedTime(row.time) ? (
                      <span>{t('footer.closed')}</span>
                    ) : (
                      <span className="ltr-nums">{row.time}</span>
                    )}
                  </p>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="border-t border-palm-800">
        <p className="mx-auto max-w-7xl px-4 py-4 text-center text-sm text-palm-200">
          {t('footer.copyright', { year, name: shopName })}
        </p>
      </div>
    </footer>
  )
}
