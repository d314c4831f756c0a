import { useCallback, useRef } from 'react'
import { useNavigate } from 'react-router'
import { useCart } from './cart/cart-provider.tsx'
import { forgetPendingPayment, readPendingPayment } from './pending-payment.ts'

/**
 * The order is settled (paid online, or to be paid on delivery): the cart is emptied only now (decision 0082: it
 * survives a cancelled or failed payment) and the shopper sees the confirmation page. Once per page: the function
 * stays the same while the cart it empties changes.
 */
export function useFinishOrder() {
  const cart = useCart()
  const navigate = useNavigate()
  const clear = useRef(cart.clear)
  clear.current = cart.clear
  const done = useRef(false)
  return useCallback(
    (order: { orderId: number; orderNumber: string; paid: boolean }) => {
      if (done.current) return
      done.current = true
      clear.current()
      // The order's lines and totals kept when it was placed (issue 26): the confirmation lists them; switched to
      // cash (not paid), they are the cash to have ready.
      const pending = readPendingPayment()
      const summary =
        pending?.orderId === order.orderId && pending.summary
          ? { ...pending.summary, cash: !order.paid }
          : undefined
      forgetPendingPayment()
      navigate('/order-confirmation', { replace: true, state: { ...order, summary } })
    },
    [navigate],
  )
}
