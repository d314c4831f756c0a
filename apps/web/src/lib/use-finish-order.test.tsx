import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockFetch, renderScreen, setLanguage } from '../test/render-with-providers.tsx'
import { savePendingPayment } from './pending-payment.ts'
import { useFinishOrder } from './use-finish-order.ts'

function Finish({ paid }: { paid: boolean }) {
  const finish = useFinishOrder()
  return (
    <button type="button" onClick={() => finish({ orderId: 77, orderNumber: 'ORD-77', paid })}>
      finish
    </button>
  )
}

const summary = {
  lines: [{ name: 'Deglet dates', quantity: 2, line_total: 50, is_wholesale: false }],
  subtotal: 50,
  delivery: 15,
  total: 65,
  cash: false,
}

beforeEach(async () => {
  sessionStorage.clear()
  await setLanguage('en')
})
afterEach(() => vi.unstubAllGlobals())

describe('finishing an order paid online (issue 26)', () => {
  it.each([
    [true, false],
    [false, true],
  ])(
    'hands the confirmation the lines kept at checkout (paid %s → cash to have ready %s)',
    async (paid, cash) => {
      mockFetch({})
      savePendingPayment({ orderId: 77, orderNumber: 'ORD-77', token: 'tok', fingerprint: 'f', summary })
      const { router } = renderScreen(<Finish paid={paid} />, '/checkout/pay')
      await userEvent.click(screen.getByRole('button', { name: 'finish' }))
      expect(router.state.location.pathname).toBe('/order-confirmation')
      expect(router.state.location.state).toEqual({
        orderId: 77,
        orderNumber: 'ORD-77',
        paid,
        summary: { ...summary, cash },
      })
      expect(sessionStorage.getItem('pending_payment')).toBeNull()
    },
  )
})
