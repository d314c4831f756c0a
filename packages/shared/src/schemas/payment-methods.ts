// The ways a shopper can pay (product.md §5.3, decision 0075); apart so that offers (promotion.ts) and orders share them.
export const PAYMENT_METHODS = ['cash', 'massarat', 'paypal'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
