import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { orderMessagesQuery } from '../api/order-messages.ts'
import { ConversationMessage } from './conversation-message.tsx'
import { WhatsAppState } from './whatsapp-state.tsx'

/**
 * Issue 41: the order dialog's conversation with the customer, oldest first: what the shop sent on WhatsApp and by
 * mail, what the customer answered on WhatsApp and what the shop did with it; above it, the WhatsApp channel's state.
 */
export function OrderConversation({ orderId, optIn }: { orderId: number; optIn?: boolean }) {
  const { t } = useTranslation('dashboard')
  const messages = useQuery(orderMessagesQuery(orderId))
  return (
    <section
      className="mt-6 border-t border-sand-300 pt-4"
      aria-labelledby="order-conversation-title"
      data-testid="order-conversation"
    >
      <h3 id="order-conversation-title" className="mb-3 font-bold text-stone-900">
        {t('orders.conversation.title')}
      </h3>
      <WhatsAppState />
      {/* The shopper declined WhatsApp at checkout (or ordered before it): only mail reaches them. */}
      {optIn === false ? (
        <p className="mb-3 text-sm text-stone-700">{t('orders.conversation.no_opt_in')}</p>
      ) : null}
      {messages.isPending ? (
        <Skeleton className="h-16" />
      ) : messages.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
          <p>{t('orders.conversation.load_failed', { message: messages.error.message })}</p>
          <Button variant="secondary" size="sm" onClick={() => void messages.refetch()}>
            {t('common:actions.try_again')}
          </Button>
        </div>
      ) : messages.data.length === 0 ? (
        <p className="text-sm text-stone-600">{t('orders.conversation.empty')}</p>
      ) : (
        <ol className="space-y-2">
          {messages.data.map((m) => (
            <ConversationMessage key={`${m.channel}-${m.id}`} message={m} />
          ))}
        </ol>
      )}
    </section>
  )
}
