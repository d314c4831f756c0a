import { z } from 'zod'
import { COUPON_REFUSALS } from './pricing/coupon-refusals.ts'

// product.md §8.1: a stable code, a translated message, optional field errors.
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'OUT_OF_STOCK',
  // Decision 0191: a hand adjustment of stock (POST /api/stock-movements).
  'STOCK_BELOW_ZERO',
  'STOCK_NOT_COUNTED',
  // Decision 0218: a count set on a stock that moved since it was read (compare-and-set).
  'STOCK_CHANGED',
  'CATEGORY_IN_USE',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'ACCOUNT_DISABLED',
  'INVALID_RESET_TOKEN',
  'WRONG_PASSWORD',
  'IDEMPOTENCY_MISMATCH',
  'PRICE_CHANGED',
  'PRODUCT_UNAVAILABLE',
  // Decision 0170: a typed offer code that cannot apply.
  ...COUPON_REFUSALS,
  // An offer's code is unique without case (/api/promotions).
  'PROMOTION_CODE_TAKEN',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'MISSING_COLUMNS',
  'CSV_INVALID',
  'CSV_EMPTY',
  'TOO_MANY_ROWS',
  'TOO_MANY_REQUESTS',
  'PENDING_ORDERS_LIMIT',
  'SERVICE_UNAVAILABLE',
  'SERVICE_BUSY',
  'REQUEST_TIMEOUT',
  'BAD_REQUEST',
  'ORDER_NOT_PENDING',
  'ORDER_NOT_EDITABLE',
  // Decision 0219: a move the order lifecycle's table does not allow.
  'ORDER_MOVE_NOT_ALLOWED',
  'ORDER_PAID_ONLINE',
  'ORDER_PAYMENT_OPEN',
  'COD_NOT_AVAILABLE',
  'COD_LIMIT_EXCEEDED',
  'TRACKING_NOT_FOUND',
  'TRACKING_LINK_EXPIRED',
  'PAYMENT_METHOD_UNAVAILABLE',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'PAYMENT_REFUSED',
  'PAYMENT_NOT_PAYABLE',
  'PAYMENT_IN_PROGRESS',
  'PAYMENT_AMOUNT_CHANGED',
  'PAYMENT_STATUS_LOCKED',
  'REFUND_UNSUPPORTED',
  // Issue 42: delivery (decision 0237).
  'ORDER_NOT_SHIPPABLE',
  'COURIER_INACTIVE',
  'SHIPMENT_MOVE_NOT_ALLOWED',
  'SHIPMENT_SETTLED',
  'DRIVER_LINK_INVALID',
  'HANDOVER_AMOUNT_MISMATCH',
  // Issue 41: a WhatsApp webhook post without a valid X-Hub-Signature-256.
  'WEBHOOK_SIGNATURE_INVALID',
  'PAYMENT_NOT_REFUNDABLE',
  // Issue 30: staff accounts and invitations (decision 0196).
  'LAST_OWNER',
  'ALREADY_STAFF',
  'EMAIL_IS_SHOPPER',
  'INVALID_INVITATION',
  'INVITATION_EXPIRED',
  // Issue 30: roles (decision 0190).
  'ROLE_BUILT_IN',
  'ROLE_IN_USE',
  'INTERNAL',
  // Decision 0192: tests only, a staff write that wrote no audit row.
  'AUDIT_MISSING',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
})
export type ErrorBody = z.infer<typeof ErrorBody>

/**
 * A refusal about one pack's stock (409 OUT_OF_STOCK, STOCK_BELOW_ZERO, STOCK_CHANGED): which pack, and the figure
 * now (`available` units left, or the `stock` a count was not based on; decision 0218).
 */
export const StockErrorBody = ErrorBody.extend({
  product_id: z.number().int().optional(),
  variant_id: z.number().int().nullable().optional(),
  available: z.number().int().optional(),
  stock: z.number().int().optional(),
})
export type StockErrorBody = z.infer<typeof StockErrorBody>
