import type { SettlementResult } from '@shop/shared/schemas/delivery'
import { api, ApiError } from '../../../lib/api-client.ts'

/** An own driver's hand-over: the cash of the deliveries it names (POST /api/settlements, settlements.manage). */
export const recordHandover = (input: { courier_id: number; amount: number; shipment_ids: number[] }) =>
  api<SettlementResult>('/api/settlements', { method: 'POST', body: input })

/** A courier company's statement (multipart: courier_id, file with order_number or tracking_number, collected, fee). */
export function uploadStatement(courierId: number, file: File) {
  const body = new FormData()
  body.append('courier_id', String(courierId))
  body.append('file', file)
  return api<SettlementResult>('/api/settlements', { method: 'POST', body })
}

export interface RowError {
  row: number
  field: string
  message: string
}

/** The rows of a statement the API could not read (422, already translated); empty for any other failure. */
export function rowErrorsOf(err: unknown): RowError[] {
  if (!(err instanceof ApiError) || !Array.isArray(err.body?.rows)) return []
  return (err.body.rows as RowError[]).filter((r) => r && typeof r.message === 'string')
}
