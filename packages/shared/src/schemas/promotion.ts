import { z } from 'zod'
import { OFFER_TARGETS, OFFER_VALUE_TYPES } from '../pricing/offers.ts'
import { boolish, nullableMoney, paginated } from './common.ts'
import { PAYMENT_METHODS } from './payment-methods.ts'
import { arabicFromLegacy, requireArabic, translatableShape } from './translatable.ts'

// Issue 29 / decision 0170: offers (promotions). Staff manage them at /api/promotions; the pricing of an order
// (pricing/offers.ts) applies them.

export const PROMOTION_TEXT_FIELDS = ['name'] as const

/** A code shoppers can type: letters (Arabic or Latin) and digits, `-` and `_`, 3 to 32 characters, no spaces. */
export const COUPON_CODE_PATTERN = /^[\p{L}\p{N}_-]{3,32}$/u

const ids = z.array(z.number().int().positive().max(2_147_483_647), { error: 'validation.invalid' }).max(500)

const instant = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.iso.datetime({ offset: true, error: 'validation.date_invalid' }).nullable(),
)

const limit = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: 'validation.limit_invalid' })
    .int('validation.limit_invalid')
    .min(1, 'validation.limit_invalid')
    .max(1_000_000, 'validation.limit_invalid')
    .nullable(),
)

const code = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: 'validation.coupon_code_invalid' })
    .regex(COUPON_CODE_PATTERN, 'validation.coupon_code_invalid')
    .nullable(),
)

const shape = {
  ...translatableShape({ name: 80 }),
  code,
  value_type: z.enum(OFFER_VALUE_TYPES, { error: 'validation.offer_value_type_invalid' }),
  value: nullableMoney,
  target: z.enum(OFFER_TARGETS, { error: 'validation.offer_target_invalid' }),
  product_ids: ids.default([]),
  category_ids: ids.default([]),
  variant_ids: ids.default([]),
  min_subtotal: nullableMoney.default(null),
  city_ids: ids.default([]),
  payment_methods: z
    .array(z.enum(PAYMENT_METHODS, { error: 'validation.payment_method_invalid' }))
    .max(PAYMENT_METHODS.length)
    .default([]),
  starts_at: instant.default(null),
  ends_at: instant.default(null),
  first_order_only: boolish.default(false),
  // Decision 0227: new offers leave wholesale lines alone unless the owner says otherwise.
  retail_only: boolish.default(true),
  combinable: boolish.default(false),
  usage_limit: limit.default(null),
  per_customer_limit: limit.default(null),
  is_active: boolish.default(true),
}

/** The rules every offer keeps, whether created or changed (a change is checked merged over the stored offer). */
function offerRules(v: Record<string, unknown>, ctx: z.RefinementCtx) {
  const value = v.value as number | null | undefined
  if (value === null || value === undefined || value <= 0)
    ctx.addIssue({ code: 'custom', message: 'validation.offer_value_invalid', path: ['value'] })
  else if (v.value_type === 'percentage' && value > 100)
    ctx.addIssue({ code: 'custom', message: 'validation.offer_percentage_invalid', path: ['value'] })
  const chosen =
    (v.product_ids as number[]).length +
    (v.category_ids as number[]).length +
    (v.variant_ids as number[]).length
  if (v.target === 'products' && chosen === 0)
    ctx.addIssue({ code: 'custom', message: 'validation.offer_products_required', path: ['product_ids'] })
  const starts = v.starts_at as string | null
  const ends = v.ends_at as string | null
  if (starts && ends && Date.parse(ends) <= Date.parse(starts))
    ctx.addIssue({ code: 'custom', message: 'validation.offer_window_invalid', path: ['ends_at'] })
}

/** POST /api/promotions. */
export const PromotionInput = z
  .object(shape)
  .superRefine(requireArabic({ name: 'validation.name_required' }))
  .superRefine(offerRules)
  .transform(arabicFromLegacy(PROMOTION_TEXT_FIELDS))
export type PromotionInput = z.infer<typeof PromotionInput>
export type PromotionFormInput = z.input<typeof PromotionInput>

/** PATCH /api/promotions/{id}: any of the fields; the result, merged over the stored offer, must be a valid offer. */
export const PromotionPatch = z.looseObject({})
export type PromotionPatch = z.infer<typeof PromotionPatch>

export const PROMOTION_STATUSES = ['active', 'scheduled', 'ended', 'used_up', 'inactive'] as const
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number]

export const PromotionListQuery = z.object({
  status: z.enum(PROMOTION_STATUSES, { error: 'validation.invalid' }).optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number({ error: 'validation.page_invalid' }).int().min(1).max(100_000).default(1),
  per_page: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(100).default(20),
})
export type PromotionListQuery = z.infer<typeof PromotionListQuery>

/** What the browser's pricing needs of an offer that may apply to the cart (no limits, no counts). */
export const PublicOffer = z.object({
  id: z.number().int(),
  /** Only for the code the shopper typed; automatic offers have none. */
  code: z.string().nullable(),
  /** In the reader's language. */
  name: z.string(),
  value_type: z.enum(OFFER_VALUE_TYPES),
  value: z.number(),
  target: z.enum(OFFER_TARGETS),
  product_ids: z.array(z.number().int()),
  category_ids: z.array(z.number().int()),
  variant_ids: z.array(z.number().int()),
  min_subtotal: z.number().nullable(),
  city_ids: z.array(z.number().int()),
  payment_methods: z.array(z.string()),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  first_order_only: z.boolean(),
  retail_only: z.boolean(),
  combinable: z.boolean(),
})
export type PublicOffer = z.infer<typeof PublicOffer>

/** An offer as staff see it: its rules, its limits and what it has done. */
export const Promotion = PublicOffer.extend({
  name_ar: z.string(),
  name_en: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  per_customer_limit: z.number().int().nullable(),
  is_active: z.boolean(),
  status: z.enum(PROMOTION_STATUSES),
  /** Uses held by orders that are not cancelled. */
  uses: z.number().int(),
  /** Σ of its adjustments on those orders (dinars). */
  discount_given: z.number(),
  /** Σ total_amount of those orders (dinars). */
  revenue: z.number(),
  orders_count: z.number().int(),
  /** Decision 0227: orders (not cancelled) whose shopper typed this code while a better offer won. */
  typed_not_applied: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Promotion = z.infer<typeof Promotion>

export const PromotionList = paginated(Promotion)
export type PromotionList = z.infer<typeof PromotionList>
