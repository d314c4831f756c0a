// What "order again" did (decision 0072), handed to the cart page in the navigation state so it can say it.

export type LeftOutReason = 'gone' | 'unavailable' | 'fewer'

export interface ReorderNotice {
  orderNumber: string
  /** Units put in the cart. */
  added: number
  leftOut: { name: string; reason: LeftOutReason; added?: number; wanted?: number }[]
}

export function reorderNoticeOf(state: unknown): ReorderNotice | null {
  const notice = (state as { reorder?: ReorderNotice } | null)?.reorder
  return notice && typeof notice.orderNumber === 'string' && Array.isArray(notice.leftOut) ? notice : null
}
