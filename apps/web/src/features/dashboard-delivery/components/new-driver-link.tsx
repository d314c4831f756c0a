import { MessageCircle } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { whatsappHref } from '@shop/shared/orders/phone'
import type { Courier } from '@shop/shared/schemas/delivery'
import { buttonClasses } from '../../../components/ui/button.tsx'
import { CopyField } from '../../../components/ui/copy-field.tsx'
import type { DriverLink } from '../api/couriers-api.ts'

/** The link just made: to copy, or to send on WhatsApp to the courier's phone (when it has one). Shown this once. */
export function NewDriverLink({ link, courier }: { link: DriverLink; courier: Courier }) {
  const { t } = useTranslation('dashboard')
  const whatsapp = courier.phone ? whatsappHref(courier.phone, link.url) : null
  return (
    <div className="space-y-3 rounded-[var(--radius-card)] border border-palm-200 bg-palm-50/60 p-3">
      <CopyField
        label={t('delivery.link.label')}
        value={link.url}
        copyLabel={t('delivery.link.copy')}
        copiedMessage={t('delivery.link.copied')}
      />
      {whatsapp ? (
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('outline', 'md', 'w-full sm:w-auto')}
        >
          <MessageCircle className="size-4" aria-hidden="true" />
          {t('delivery.link.whatsapp', { name: courier.name })}
        </a>
      ) : (
        <p className="text-xs text-stone-600">{t('delivery.link.no_phone')}</p>
      )}
      <p className="text-xs font-semibold text-stone-700">{t('delivery.link.shown_once')}</p>
    </div>
  )
}
