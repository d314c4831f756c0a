/**
 * Why a typed offer code cannot apply (decision 0170): the refusal the pricing returns and the 422's error code, one
 * list for both (errors.ts spreads it into the error codes; no zod here, so the storefront's pricing stays light).
 */
export const COUPON_REFUSALS = [
  'COUPON_UNKNOWN',
  'COUPON_NOT_STARTED',
  'COUPON_ENDED',
  'COUPON_CITY',
  'COUPON_PAYMENT_METHOD',
  'COUPON_FIRST_ORDER',
  'COUPON_MINIMUM',
  'COUPON_USED_UP',
  'COUPON_NOT_APPLICABLE',
  'COUPON_ONE_ONLY',
] as const
export type CouponRefusal = (typeof COUPON_REFUSALS)[number]
