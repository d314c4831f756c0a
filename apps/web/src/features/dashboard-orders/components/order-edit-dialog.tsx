import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { UpdateOrderInput, type Order } from '@shop/shared/schemas/order'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { AuditTrail } from '../../../components/audit/audit-trail.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useCan } from '../../../lib/auth/permissions.ts'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { useMailWorks } from '../../../lib/mail-status.ts'
import { invalidateAfterWrite } from '../../../lib/query-client.ts'
import { useFormatMoney } from '../../../lib/shop-settings.ts'
import { toast } from '../../../lib/toast.ts'
import { editOrderItems, orderDetailQuery, updateOrder } from '../api/orders-api.ts'
import { ConfirmByPhone } from './confirm-by-phone.tsx'
import { OrderContact } from './order-contact.tsx'
import { OrderContactFields, OrderNotesField } from './order-contact-fields.tsx'
import { OrderConversation } from './order-conversation.tsx'
import { OrderHistory } from './order-history.tsx'
import { useItemsDraft } from './order-items-editor.tsx'
import { OrderLinesSection } from './order-lines-section.tsx'
import { OrderPayments } from './order-payments.tsx'
import { OrderStatusFields, useCashQuestion, type OrderFormValues } from './order-status-fields.tsx'
import { canBeRefusedAtDoor, RefusedAtDoor } from './refused-at-door.tsx'
import { ShipOrder } from './ship-order.tsx'
import { ShipmentPanel } from './shipment-panel.tsx'
import { TrackingLink } from './tracking-link.tsx'

const resolver = zodResolver(UpdateOrderInput) as unknown as Resolver<
  OrderFormValues,
  unknown,
  UpdateOrderInput
>

const toValues = (o: Order): OrderFormValues => ({
  customer_name: o.customer_name ?? '',
  customer_email: o.customer_email ?? '',
  customer_phone: o.customer_phone ?? '',
  shipping_address: o.shipping_address ?? '',
  order_status: o.order_status,
  payment_status: o.payment_status,
  notes: o.notes ?? '',
})

/**
 * product.md §2.19 order edit dialog: the customer's contact, the confirmation call, going out for delivery and the
 * delivery (issue 42), the lines (and their editor), the contact fields and statuses, the payments, the tracking link, the audit trail and the status history. Its main Save
 * saves an open lines edit first, then the fields (decision 0223): nothing typed is dropped behind "order updated".
 */
export function OrderEditDialog({ order, onClose }: { order: Order | null; onClose(): void }) {
  const { t } = useTranslation('dashboard')
  const formatMoney = useFormatMoney()
  const mailWorks = useMailWorks()
  const can = useCan()
  const queryClient = useQueryClient()
  const detail = useQuery({ ...orderDetailQuery(order?.id ?? 0), enabled: order !== null })
  const { register, handleSubmit, reset, resetField, setError, setValue, watch, formState } = useForm<
    OrderFormValues,
    unknown,
    UpdateOrderInput
  >({ resolver })
  const errors = formState.errors

  // As the product form (product.md §2.16): the form waits for the full order and is filled once from it, or from
  // the row data when it cannot be loaded. A later answer (a refetch) never resets what the admin typed.
  const [filledFor, setFilledFor] = useState<number | null>(null)
  const source = !order
    ? undefined
    : detail.isError
      ? order
      : detail.isSuccess && !detail.isFetching
        ? detail.data
        : undefined
  useEffect(() => {
    if (!order) setFilledFor(null)
    else if (filledFor !== order.id && source) {
      reset(toValues(source))
      setFilledFor(order.id)
    }
  }, [order, source, filledFor, reset])
  const loading = order !== null && filledFor !== order.id
  const loaded = detail.data

  // Issue 42: a shipment moves the order on the server (shipped, delivered, refused): the status fields follow, so a
  // later Save does not send the status the order had before.
  const serverStatuses = loaded && !loading ? `${loaded.order_status} ${loaded.payment_status}` : null
  const seenStatuses = useRef<string | null>(null)
  useEffect(() => {
    if (serverStatuses === null) return void (seenStatuses.current = null)
    if (seenStatuses.current !== null && seenStatuses.current !== serverStatuses && loaded) {
      resetField('order_status', { defaultValue: loaded.order_status })
      resetField('payment_status', { defaultValue: loaded.payment_status })
    }
    seenStatuses.current = serverStatuses
  }, [serverStatuses, loaded, resetField])

  // Decision 0133: the lines editor, open or not; its draft is here so that the main Save can save it (0223).
  const [editingItems, setEditingItems] = useState(false)
  useEffect(() => setEditingItems(false), [order?.id])
  const draft = useItemsDraft(loaded)
  const openEdit = () => {
    draft.reset()
    setEditingItems(true)
  }
  const linesSaved = (total: number) =>
    mailWorks
      ? t('orders.edit_items.saved', { total: formatMoney(total) })
      : t('orders.edit_items.saved_no_mail', { total: formatMoney(total) })

  const saveItems = useMutation({
    mutationFn: () => editOrderItems(order!.id, draft.input()),
    // Stock, revenue, the lists and this order change: lib/dashboard-keys.ts lists what refreshes.
    meta: { invalidates: changedBy.order },
    onSuccess: (updated) => {
      toast.success(linesSaved(updated.total_amount))
      setEditingItems(false)
    },
    onError: (err) => toast.error(err.message),
  })

  const cash = useCashQuestion({
    order: loaded,
    ready: !loading,
    orderStatus: watch('order_status'),
    setPaymentStatus: (s) => setValue('payment_status', s),
  })

  // Decision 0223: an open lines edit with changes is saved first (the server prices it, moves the stock and mails
  // the new total); refused, nothing else is saved and the dialog stays open with the edit and the reason. Then the
  // fields. Lines saved but fields refused: the lines stay saved, the screens refresh, the dialog says why.
  const save = useMutation({
    mutationFn: async (v: UpdateOrderInput) => {
      let total: number | null = null
      if (editingItems && draft.changed) {
        total = (await editOrderItems(order!.id, draft.input())).total_amount
        setEditingItems(false)
      }
      try {
        await updateOrder(order!.id, v)
      } catch (err) {
        if (total !== null) {
          toast.success(linesSaved(total))
          await invalidateAfterWrite(queryClient, changedBy.order)
        }
        throw err
      }
      return total
    },
    // A status change moves revenue, profit, the sales report and stock: lib/dashboard-keys.ts lists what refreshes.
    meta: { invalidates: changedBy.order },
    onSuccess: (total) => {
      toast.success(
        total === null
          ? t('orders.updated')
          : mailWorks
            ? t('orders.edit_items.saved', { total: formatMoney(total) })
            : t('orders.edit_items.saved_no_mail', { total: formatMoney(total) }),
      )
      onClose()
    },
    onError: (err) => {
      if (err instanceof ApiError && err.errors) {
        for (const [f, m] of Object.entries(err.errors))
          if (f in toValues(order!)) setError(f as keyof OrderFormValues, { message: m[0] })
      }
      toast.error(t('orders.update_failed', { message: err.message }))
    },
  })
  const submit = handleSubmit((v) => {
    if (cash.answered()) save.mutate(v)
  })
  const busy = save.isPending || saveItems.isPending
  // An open edit with changes: the actions that close the dialog by themselves wait until it is saved or cancelled.
  const pendingLines = editingItems && draft.changed

  return (
    <Dialog
      open={order !== null}
      onOpenChange={(o) => !o && onClose()}
      title={t('orders.edit_title', { number: order ? `#${order.id}` : '' })}
      description={order ? <span className="ltr-nums">{order.order_number}</span> : undefined}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            form="order-form"
            busy={save.isPending}
            disabled={loading || saveItems.isPending}
          >
            {save.isPending ? t('common:actions.saving') : t('common:actions.save')}
          </Button>
        </>
      }
    >
      {/* Decision 0070: a pending cash order is confirmed with the customer before it is prepared; an online one waits for its payment. */}
      {!loading && loaded?.order_status === 'pending' && loaded.payment_method === 'cash' ? (
        <ConfirmByPhone order={loaded} onConfirmed={onClose} blocked={pendingLines} />
      ) : !loading && loaded ? (
        <OrderContact order={loaded} />
      ) : null}
      {/* Decisions 0173 and 0224: a cash order the customer refused at the door is cancelled with its stock and offer uses back. */}
      {!loading && loaded?.payment_method === 'cash' && canBeRefusedAtDoor(loaded) ? (
        <div className="mb-4 flex justify-end">
          <RefusedAtDoor order={loaded} onDone={onClose} blocked={pendingLines} />
        </div>
      ) : null}
      {/* Issue 42 (decision 0237): a confirmed order goes out with a courier; then its Delivery panel follows it. */}
      {!loading && loaded?.order_status === 'processing' && !loaded.shipment && can('delivery.manage') ? (
        <ShipOrder order={loaded} blocked={pendingLines} />
      ) : null}
      {!loading && loaded?.shipment ? (
        <ShipmentPanel order={{ ...loaded, shipment: loaded.shipment }} />
      ) : null}
      {!loading && loaded ? (
        <OrderLinesSection
          order={loaded}
          draft={editingItems ? draft : null}
          saving={busy}
          onEdit={openEdit}
          onSave={() => saveItems.mutate()}
          onCancel={() => setEditingItems(false)}
        />
      ) : null}
      {pendingLines ? (
        <p role="status" className="mb-4 text-sm font-semibold text-palm-800">
          {t('orders.edit_items.open_edit')}
        </p>
      ) : null}
      {loading ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-busy="true">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-20 sm:col-span-2" />
        </div>
      ) : (
        <form
          id="order-form"
          noValidate
          onSubmit={(e) => void submit(e)}
          className="grid grid-cols-1 gap-4 sm:grid-cols-2"
        >
          <OrderContactFields register={register} errors={errors} />
          <OrderStatusFields order={loaded} register={register} errors={errors} cash={cash} />
          <OrderNotesField register={register} errors={errors} />
        </form>
      )}
      {order && can('payments.view') ? <OrderPayments orderId={order.id} /> : null}
      {order ? <TrackingLink orderId={order.id} /> : null}
      {/* Issue 41: what the customer was sent on WhatsApp and by mail, and what they answered. */}
      {order ? <OrderConversation orderId={order.id} optIn={loaded?.whatsapp_opt_in} /> : null}
      {/* Decision 0192: each staff action on the order, with who did it. */}
      {order ? <AuditTrail entity="order" id={order.id} /> : null}
      <OrderHistory detail={detail} />
    </Dialog>
  )
}
