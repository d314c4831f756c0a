import { AlertTriangle, Mail, MessageCircle } from 'lucide-react'
import { clsx } from 'clsx'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { OrderMessage } from '@shop/shared/schemas/whatsapp'
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx'
import { readableWhatsApp } from '../whatsapp-number.ts'
import { useShopTime, useWhatsAppErrorText } from './whatsapp-words.ts'

const STATUS_TONE: Record<OrderMessage['status'], BadgeTone> = {
  queued: 'gray',
  sent: 'blue',
  delivered: 'palm',
  read: 'green',
  failed: 'red',
  received: 'honey',
}

/**
 * One message of an order's conversation (issue 41): its channel and who it went to, what it told in words, its text,
 * its status (a failure's reason in words), when, and for the customer's answer what the shop did with it. As in a
 * chat, the customer's messages sit on the start side and the shop's on the end side, in both directions of text.
 */
export function ConversationMessage({ message: m }: { message: OrderMessage }) {
  const { t } = useTranslation('dashboard')
  const incoming = m.direction === 'in'
  // The staff's own mails (a new order, a cancellation) are in the order's mail too: said so, not "to the customer".
  const direction = m.event.startsWith('staff_') ? 'staff' : m.direction
  const Icon = m.channel === 'whatsapp' ? MessageCircle : Mail
  return (
    <li
      data-testid="conversation-message"
      data-channel={m.channel}
      data-direction={m.direction}
      data-status={m.status}
      className={clsx(
        'rounded-lg px-3 py-2 text-sm',
        incoming ? 'me-6 border border-honey-300 bg-white sm:me-16' : 'ms-6 bg-sand-100 sm:ms-16',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="flex items-center gap-1.5 text-xs font-semibold text-stone-600">
          <Icon
            className={clsx(
              'size-4 shrink-0',
              m.channel === 'whatsapp' ? 'text-green-700' : 'text-stone-500',
            )}
            aria-hidden="true"
          />
          {t(`orders.conversation.channel.${m.channel}`)}
          <span className="text-stone-400">·</span>
          {t(`orders.conversation.direction.${direction}`)}
        </p>
        <Badge tone={STATUS_TONE[m.status]}>{t(`orders.conversation.status.${m.status}`)}</Badge>
      </div>
      <p className="mt-1 font-semibold text-stone-900">{eventText(m.event, t)}</p>
      {m.text ? (
        <p className="mt-1 break-words whitespace-pre-line text-stone-800" dir="auto">
          {m.text}
        </p>
      ) : null}
      <Failure message={m} />
      {incoming && m.outcome ? (
        <p className="mt-1 text-stone-800">
          <span className="font-semibold text-palm-800">{t('orders.conversation.outcome_label')}</span>{' '}
          {t(`orders.conversation.outcome.${m.outcome}`, { defaultValue: m.outcome })}
        </p>
      ) : null}
      <MessageFooter message={m} />
    </li>
  )
}

/** What the message told, in words: a WhatsApp or mail event, else the order status a mail told of. */
function eventText(event: string, t: TFunction): string {
  return t(`orders.conversation.event.${event}`, {
    defaultValue: t(`common:order_status.${event}`, { defaultValue: event }),
  })
}

/** Why it failed; or, still waiting to be sent, why the last try did not go (it is tried again). */
function Failure({ message: m }: { message: OrderMessage }) {
  const { t } = useTranslation('dashboard')
  const errorText = useWhatsAppErrorText()
  const retrying = m.status === 'queued' && Boolean(m.error || m.error_code)
  if (m.status !== 'failed' && !retrying) return null
  const reason = errorText(m.error_code, m.error)
  return (
    <p
      className={clsx(
        'mt-1 flex items-start gap-1.5 break-words',
        retrying ? 'text-honey-800' : 'text-red-800',
      )}
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{retrying ? t('orders.conversation.retrying', { reason }) : reason}</span>
    </p>
  )
}

/** When it was written, when its latest status came, and the number or address, left to right in both languages. */
function MessageFooter({ message: m }: { message: OrderMessage }) {
  const { t } = useTranslation('dashboard')
  const time = useShopTime()
  const later = m.status_at && m.status !== 'queued' && m.status !== 'received' ? m.status_at : null
  return (
    <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-stone-600">
      <time dateTime={m.created_at}>{time(m.created_at)}</time>
      {later ? (
        <span>
          · {t(`orders.conversation.status.${m.status}`)} <time dateTime={later}>{time(later)}</time>
        </span>
      ) : null}
      <span>
        ·{' '}
        <span dir="ltr" className="break-all">
          {m.channel === 'whatsapp' ? readableWhatsApp(m.to_or_from) : m.to_or_from}
        </span>
      </span>
    </p>
  )
}
