import { PromotionInput, type Promotion, type PromotionFormInput } from '@shop/shared/schemas/promotion'
import type { PaymentMethod } from '@shop/shared/schemas/payment-methods'
import { isoToZoned, zonedToIso } from '../offer-time.ts'

// Issue 29: the offer form's values (strings as inputs hold them) ↔ the API's PromotionInput.

export type OfferTarget = 'order' | 'products' | 'delivery'

export interface OfferValues {
  name_ar: string
  name_en: string
  /** Off: an automatic offer (no code). */
  has_code: boolean
  code: string
  value_type: 'percentage' | 'fixed'
  value: string
  target: OfferTarget
  /** With target delivery: free (100 %) or reduced by value. */
  free_delivery: boolean
  product_ids: number[]
  category_ids: number[]
  variant_ids: number[]
  min_subtotal: string
  city_ids: number[]
  payment_methods: PaymentMethod[]
  /** `datetime-local` values in the shop's time zone. */
  starts_at: string
  ends_at: string
  first_order_only: boolean
  retail_only: boolean
  combinable: boolean
  usage_limit: string
  per_customer_limit: string
  is_active: boolean
}

export const EMPTY_OFFER: OfferValues = {
  name_ar: '',
  name_en: '',
  has_code: false,
  code: '',
  value_type: 'percentage',
  value: '',
  target: 'order',
  free_delivery: true,
  product_ids: [],
  category_ids: [],
  variant_ids: [],
  min_subtotal: '',
  city_ids: [],
  payment_methods: [],
  starts_at: '',
  ends_at: '',
  first_order_only: false,
  retail_only: true,
  combinable: false,
  usage_limit: '',
  per_customer_limit: '',
  is_active: true,
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n))

/** A stored offer as the form shows it, its dates in the shop's time zone. */
export function offerValues(p: Promotion, timeZone: string): OfferValues {
  const freeDelivery = p.target === 'delivery' && p.value_type === 'percentage' && p.value >= 100
  return {
    name_ar: p.name_ar,
    name_en: p.name_en ?? '',
    has_code: p.code !== null,
    code: p.code ?? '',
    value_type: p.value_type,
    value: freeDelivery ? '' : String(p.value),
    target: p.target,
    free_delivery: p.target === 'delivery' ? freeDelivery : true,
    product_ids: p.product_ids,
    category_ids: p.category_ids,
    variant_ids: p.variant_ids,
    min_subtotal: text(p.min_subtotal),
    city_ids: p.city_ids,
    payment_methods: p.payment_methods as PaymentMethod[],
    starts_at: isoToZoned(p.starts_at, timeZone),
    ends_at: isoToZoned(p.ends_at, timeZone),
    first_order_only: p.first_order_only,
    retail_only: p.retail_only,
    combinable: p.combinable,
    usage_limit: text(p.usage_limit),
    per_customer_limit: text(p.per_customer_limit),
    is_active: p.is_active,
  }
}

export type OfferFieldErrors = Partial<Record<keyof OfferValues, string>>

/**
 * The body of POST / PATCH /api/promotions, checked with the API's own schema; or the field errors (message keys) to
 * show under the fields.
 */
export function offerPayload(
  v: OfferValues,
  timeZone: string,
): { payload: PromotionFormInput; errors: null } | { payload: null; errors: OfferFieldErrors } {
  const errors: OfferFieldErrors = {}
  const starts = zonedToIso(v.starts_at, timeZone)
  const ends = zonedToIso(v.ends_at, timeZone)
  if (starts === undefined) errors.starts_at = 'validation.date_invalid'
  if (ends === undefined) errors.ends_at = 'validation.date_invalid'
  if (v.has_code && !v.code.trim()) errors.code = 'validation.coupon_code_invalid'
  const freeDelivery = v.target === 'delivery' && v.free_delivery
  const scoped = v.target === 'products'
  const payload: PromotionFormInput = {
    name_ar: v.name_ar,
    name_en: v.name_en,
    code: v.has_code ? v.code.trim().toUpperCase() : null,
    value_type: freeDelivery ? 'percentage' : v.value_type,
    value: freeDelivery ? 100 : v.value.trim(),
    target: v.target,
    product_ids: scoped ? v.product_ids : [],
    category_ids: scoped ? v.category_ids : [],
    variant_ids: scoped ? v.variant_ids : [],
    min_subtotal: v.min_subtotal.trim() || null,
    city_ids: v.city_ids,
    payment_methods: v.payment_methods,
    starts_at: starts ?? null,
    ends_at: ends ?? null,
    first_order_only: v.first_order_only,
    retail_only: v.retail_only,
    combinable: v.combinable,
    usage_limit: v.usage_limit.trim() || null,
    per_customer_limit: v.per_customer_limit.trim() || null,
    is_active: v.is_active,
  }
  const checked = PromotionInput.safeParse(payload)
  if (!checked.success)
    for (const issue of checked.error.issues) {
      const head = String(issue.path[0] ?? '')
      const field = (head === 'name' ? 'name_ar' : head) as keyof OfferValues
      if (field in EMPTY_OFFER && !errors[field])
        errors[field] = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid'
    }
  return Object.keys(errors).length ? { payload: null, errors } : { payload, errors: null }
}
