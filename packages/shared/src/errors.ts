import { z } from 'zod'

// product.md §8.1: a stable code, a translated message, optional field errors.
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'OUT_OF_STOCK',
  'CATEGORY_IN_USE',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'ACCOUNT_DISABLED',
  'INVALID_RESET_TOKEN',
  'WRONG_PASSWORD',
  'IDEMPOTENCY_MISMATCH',
  'PRICE_CHANGED',
  'PRODUCT_UNAVAILABLE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'MISSING_COLUMNS',
  'CSV_INVALID',
  'CSV_EMPTY',
  'TOO_MANY_REQUESTS',
  'PENDING_ORDERS_LIMIT',
  'SERVICE_UNAVAILABLE',
  'SERVICE_BUSY',
  'REQUEST_TIMEOUT',
  'BAD_REQUEST',
  'ORDER_NOT_PENDING',
  'COD_NOT_AVAILABLE',
  'COD_LIMIT_EXCEEDED',
  'TRACKING_NOT_FOUND',
  'PAYMENT_METHOD_UNAVAILABLE',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'PAYMENT_REFUSED',
  'PAYMENT_NOT_PAYABLE',
  'PAYMENT_IN_PROGRESS',
  'PAYMENT_AMOUNT_CHANGED',
  'PAYMENT_STATUS_LOCKED',
  'REFUND_UNSUPPORTED',
  'PAYMENT_NOT_REFUNDABLE',
  'INTERNAL',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
})
export type ErrorBody = z.infer<typeof ErrorBody>
