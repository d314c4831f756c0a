import { z } from 'zod'
import { PAYMENT_METHODS } from './payment-methods.ts'
import { PublicOffer } from './promotion.ts'
import { OFFER_SKIP_REASONS } from '../pricing/offers.ts'
import {
  boolish,
  dateString,
  optionalId,
  page,
  paginated,
  perPage,
  searchTerm,
  westernDigits,
} from './common.ts'

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'completed', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/**
 * Decision 0219: the statuses staff may set an order to from each status in the order dialog (the spec's free status
 * edit where it makes sense; the API's lifecycle table uses this list and answers 409 ORDER_MOVE_NOT_ALLOWED to the
 * rest). Not allowed: a completed order back to pending (it was delivered: cancel it if it came back, or reopen it as
 * processing), and a cancelled order straight to completed (its stock went back: reopen it first, which takes the
 * stock again).
 */
export const STATUS_EDITS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['processing', 'completed', 'cancelled'],
  processing: ['pending', 'completed', 'cancelled'],
  // Issue 42 (decision 0237): an order out for delivery moves by its shipment (delivered, refused), never by hand.
  shipped: [],
  completed: ['processing', 'cancelled'],
  cancelled: ['pending', 'processing'],
}
/**
 * The order's payment status follows its payment records (decision 0075): `pending` unpaid, `paid`, `failed` (the last
 * online attempt failed; the shopper may try again), `expired` (unpaid in time, stock put back), `refunded`.
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunded'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]
export { PAYMENT_METHODS, type PaymentMethod } from './payment-methods.ts'

const email = z
  .string({ error: 'validation.email_invalid' })
  .trim()
  .toLowerCase()
  .max(254, 'validation.too_long')
  .pipe(z.email('validation.email_invalid'))
const phone = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform(westernDigits)
    // pipe: the format is only checked once something was typed, so an empty field shows "required".
    .pipe(
      z
        .string()
        .max(30, 'validation.phone_invalid')
        .regex(/^\+?[\d\s\-()]{6,}$/, 'validation.phone_invalid'),
    )

/** The checkout form, with its messages (product.md §5.3). */
export const CheckoutForm = z.object({
  firstName: z.string().trim().min(1, 'validation.first_name_required').max(100, 'validation.too_long'),
  lastName: z.string().trim().min(1, 'validation.last_name_required').max(100, 'validation.too_long'),
  email,
  phone: phone('validation.phone_required'),
  address: z.string().trim().min(1, 'validation.address_required').max(300, 'validation.too_long'),
  city: z.string().trim().min(1, 'validation.city_required').max(100, 'validation.too_long'),
  state: z.string().trim().min(1, 'validation.state_required').max(100, 'validation.too_long'),
  whatsappNumber: phone('validation.whatsapp_required'),
  /** Issue 41: the shopper declines being told on WhatsApp (sent as `whatsapp_opt_in: false`). */
  whatsappDecline: z.boolean().optional(),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'validation.payment_method_invalid' }),
})
export type CheckoutForm = z.infer<typeof CheckoutForm>

/** Units of one product in one order (the quote's and the order's lines of one product added up). */
export const MAX_PRODUCT_QUANTITY = 10_000

const quantity = z
  .number({ error: 'validation.quantity_invalid' })
  .int('validation.quantity_invalid')
  .min(1, 'validation.quantity_invalid')
  .max(MAX_PRODUCT_QUANTITY, 'validation.quantity_too_large')

/**
 * Lines of one product count together (decision 0094): three lines of 10,000 are 30,000 units of it, refused as one
 * line of 30,000 would be, on `items`.
 */
function productQuantitiesWithinLimit(
  items: { product_id: number; variant_id?: number; quantity: number }[],
  ctx: z.RefinementCtx,
) {
  const units = new Map<string, number>()
  for (const { product_id, variant_id, quantity } of items) {
    const key = `${product_id}:${variant_id ?? ''}`
    units.set(key, (units.get(key) ?? 0) + quantity)
  }
  if ([...units.values()].some((n) => n > MAX_PRODUCT_QUANTITY))
    ctx.addIssue({ code: 'custom', message: 'validation.quantity_too_large', input: items })
}

/** The code a shopper typed at checkout (decision 0170); '' or absent: none. */
export const couponCode = z.preprocess(
  (v) => (v === null || v === undefined ? undefined : typeof v === 'string' ? v.trim() : v),
  z.string({ error: 'validation.coupon_code_invalid' }).max(64, 'validation.coupon_code_invalid').optional(),
)

const cityId = z
  .number({ error: 'validation.city_required' })
  .int('validation.city_required')
  .positive('validation.city_required')
  .max(2_147_483_647, 'validation.city_required')
const requiredText = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, 'validation.too_long')

/**
 * Decision 0214: the customer's contact in parts, the checkout form's fields (product.md §5.3) with its messages. The
 * order keeps them as columns, and the spec's joined texts are made from them as the checkout always joined them.
 */
export const OrderCustomerInput = z.object({
  first_name: requiredText('validation.first_name_required', 100),
  last_name: requiredText('validation.last_name_required', 100),
  phone: phone('validation.phone_required'),
  whatsapp: phone('validation.whatsapp_required'),
  email,
  address_line: requiredText('validation.address_required', 300),
  city_id: cityId,
  state: requiredText('validation.state_required', 100),
})
export type OrderCustomerInput = z.infer<typeof OrderCustomerInput>

/** The spec's joined contact texts: required unless the payload has `customer` (decision 0214). */
const JOINED_CONTACT = {
  customer_name: 'validation.name_required',
  customer_email: 'validation.email_invalid',
  customer_phone: 'validation.phone_required',
  shipping_address: 'validation.address_required',
} as const

/**
 * The order payload (product.md §5.3). Prices, totals and delivery fees the client sends are not part of the
 * schema: zod strips them and the server computes every amount (product.md §10.1). The contact comes as the spec's
 * joined texts or, decision 0214, as `customer` in parts (then the joined texts are made from it and any sent are
 * ignored; `notes` is the shopper's note without the WhatsApp line).
 */
export const CreateOrderInput = z
  .object({
    customer: OrderCustomerInput.optional(),
    customer_name: requiredText('validation.name_required', 200).optional(),
    customer_email: email.optional(),
    customer_phone: phone('validation.phone_required').optional(),
    shipping_address: requiredText('validation.address_required', 500).optional(),
    /**
     * The delivery city (the web checkout sends city_id, product.md §2.8). A client that sends none (only
     * "address, city, state" in shipping_address) is delivered to the active city named there (decision 0027).
     */
    city_id: cityId.optional(),
    payment_method: z.enum(PAYMENT_METHODS, { error: 'validation.payment_method_invalid' }).default('cash'),
    notes: z.preprocess(
      (v) => (v === null || v === undefined ? '' : v),
      z.string().trim().max(1000, 'validation.too_long'),
    ),
    items: z
      .array(
        z.object({
          product_id: z
            .number({ error: 'validation.id_invalid' })
            .int('validation.id_invalid')
            .positive('validation.id_invalid')
            .max(2_147_483_647, 'validation.id_invalid'),
          /** Decision 0150: the pack; left out, the product's default pack (a cart saved before packs existed). */
          variant_id: z
            .number({ error: 'validation.id_invalid' })
            .int('validation.id_invalid')
            .positive('validation.id_invalid')
            .max(2_147_483_647, 'validation.id_invalid')
            .optional(),
          quantity,
        }),
        { error: 'validation.items_required' },
      )
      .min(1, 'validation.items_required')
      .max(100, 'validation.too_long')
      .superRefine(productQuantitiesWithinLimit),
    /**
     * The total (dinars, delivery included) the shopper was shown. When given and the server's total differs,
     * the order is refused with 409 PRICE_CHANGED and the fresh quote, so no changed price is silently charged.
     */
    expected_total: z.number().finite().min(0).optional(),
    /** Decision 0170: one offer code; refused with 422 COUPON_… on `coupon_code` when it cannot apply. */
    coupon_code: couponCode,
    /**
     * Issue 41: the shopper agrees that the order is confirmed and followed on WhatsApp (the checkout's checkbox);
     * false sends this order nothing on WhatsApp. Left out: true (the spec's payload keeps working).
     */
    whatsapp_opt_in: z.boolean({ error: 'validation.boolean_invalid' }).default(true),
  })
  .superRefine((input, ctx) => {
    if (input.customer) return
    for (const [field, message] of Object.entries(JOINED_CONTACT)) {
      if (input[field as keyof typeof JOINED_CONTACT] === undefined)
        ctx.addIssue({ code: 'custom', message, path: [field], input: undefined })
    }
  })
export type CreateOrderInput = z.infer<typeof CreateOrderInput>

/**
 * Decision 0214: staff's edit of the contact in parts (PUT /api/orders/:id), each optional; the city is changed with
 * the lines (it changes the delivery fee), the phone and email are the spec's fields. A part given wins over the
 * joined text it belongs to, which is made again from the parts.
 */
export const OrderCustomerEdit = z
  .object({
    first_name: OrderCustomerInput.shape.first_name,
    // An order placed the spec way may have had one name, no state, no WhatsApp number: '' keeps it so.
    last_name: z.string().trim().max(100, 'validation.too_long'),
    whatsapp: z.union([z.literal(''), phone('validation.whatsapp_required')], {
      error: 'validation.phone_invalid',
    }),
    address_line: OrderCustomerInput.shape.address_line,
    state: z.string().trim().max(100, 'validation.too_long'),
  })
  .partial()
export type OrderCustomerEdit = z.infer<typeof OrderCustomerEdit>

export const UpdateOrderInput = z.object({
  customer: OrderCustomerEdit.optional(),
  customer_name: z
    .string({ error: 'validation.name_required' })
    .trim()
    .min(1, 'validation.name_required')
    .max(200, 'validation.too_long'),
  customer_email: email,
  customer_phone: phone('validation.phone_required'),
  shipping_address: z
    .string({ error: 'validation.address_required' })
    .trim()
    .min(1, 'validation.address_required')
    .max(500, 'validation.too_long'),
  order_status: z.enum(ORDER_STATUSES, { error: 'validation.status_invalid' }),
  payment_status: z.enum(PAYMENT_STATUSES, { error: 'validation.status_invalid' }),
  notes: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string().trim().max(1000, 'validation.too_long'),
  ),
})
export type UpdateOrderInput = z.infer<typeof UpdateOrderInput>

/**
 * PUT /api/orders/:id/items (staff, decision 0133): the order's lines as they should be (a line left out is removed,
 * a new product is added), and optionally another delivery city. The server prices, moves stock and mails.
 */
export const EditOrderItemsInput = z.object({
  items: CreateOrderInput.shape.items,
  city_id: CreateOrderInput.shape.city_id,
})
export type EditOrderItemsInput = z.infer<typeof EditOrderItemsInput>

export const OrderListQuery = z
  .object({
    search: searchTerm,
    status: z.enum([...ORDER_STATUSES, 'all'], { error: 'validation.status_invalid' }).optional(),
    from: dateString.optional(),
    to: dateString.optional(),
    user_id: optionalId,
    /** Staff: only cash orders still pending, oldest first: the phone-confirmation queue (decision 0070). */
    awaiting_confirmation: boolish.optional(),
    /**
     * Issue 41: confirmed (on WhatsApp), waiting (for an answer to the confirmation request), failed (a message
     * failed), call (pending and the request failed or got no answer in `whatsapp_answer_hours`).
     */
    whatsapp: z
      .enum(['confirmed', 'waiting', 'failed', 'call'], { error: 'validation.filter_invalid' })
      .optional(),
    page,
    per_page: perPage(10),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'validation.date_range_invalid',
    path: ['from'],
  })
export type OrderListQuery = z.infer<typeof OrderListQuery>

/** A discount on an order or a quote: which offer, its label in the reader's language, the amount, what it reduced. */
export const OrderAdjustment = z.object({
  promotion_id: z.number().int().nullable(),
  code: z.string().nullable(),
  label: z.string(),
  amount: z.number(),
  target: z.enum(['items', 'delivery']),
  // Staff only: the label as stored in every language.
  label_ar: z.string().optional(),
  label_en: z.string().nullable().optional(),
})
export type OrderAdjustment = z.infer<typeof OrderAdjustment>

export const OrderItem = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  quantity: z.number().int(),
  unit_price: z.number(),
  line_total: z.number(),
  is_wholesale: z.boolean(),
  unit_cost: z.number().optional(),
  /**
   * The product as it was sold (decision 0058): `name` and `product_name` are the names stored with the order, in the
   * reader's language; null once the product itself is erased.
   */
  product: z.object({ id: z.number().int(), name: z.string(), image_url: z.string().nullable() }).nullable(),
  product_name: z.string(),
  // Staff only: the stored name in every language (the printed invoice is Arabic).
  product_name_ar: z.string().optional(),
  product_name_en: z.string().nullable().optional(),
  /** Decision 0150: the pack sold, its label as sold in the reader's language ('' for an unnamed pack) and SKU. */
  variant_id: z.number().int().nullable(),
  variant_label: z.string(),
  sku: z.string().nullable(),
  // Staff only: the stored label in every language.
  variant_label_ar: z.string().optional(),
  variant_label_en: z.string().nullable().optional(),
  /** Decision 0170: this line's part of the order's item discounts (0 without offers). */
  discount: z.number(),
})
export type OrderItem = z.infer<typeof OrderItem>

export const OrderStatusChange = z.object({
  id: z.number().int(),
  from_status: z.string().nullable(),
  to_status: z.string(),
  from_payment_status: z.string().nullable(),
  to_payment_status: z.string(),
  /** The staff member's or signed-in shopper's name (null: a guest, a provider, the system). */
  changed_by: z.string().nullable(),
  /**
   * Decisions 0069 and 0193: staff, shopper, guest (checkout without an account, the payment page, the tracking link),
   * provider (a payment provider's verified answer) or system (the payment expiry); null for changes recorded before
   * it was kept.
   */
  actor: z.enum(['staff', 'shopper', 'guest', 'provider', 'system', 'courier']).nullable().optional(),
  /** Issue 42: the courier whose driver link or settlement made the change. */
  courier: z.string().nullable().optional(),
  /** Decision 0193: the provider of a provider's move (plutu, paypal); null otherwise. */
  provider: z.string().nullable().optional(),
  /** Issue 41: the shopper's WhatsApp number (international digits) when the change was their WhatsApp answer. */
  whatsapp: z.string().nullable().optional(),
  /** confirmed_by_phone, confirmed_on_whatsapp, cancelled_by_customer, refused_at_door, payment_expired, released, switched_to_cash, payment_revived, items_edited; null for a plain edit. */
  action: z.string().nullable().optional(),
  /** The shopper's reason for cancelling; an edit's totals. */
  reason: z.string().nullable().optional(),
  created_at: z.string(),
})
export type OrderStatusChange = z.infer<typeof OrderStatusChange>

/**
 * Decision 0214: the order's contact in parts ('' where an order placed the spec way did not say), with the city's
 * name as stored with the order in the reader's language. The spec's joined texts stay beside it, unchanged.
 */
export const OrderCustomer = z.object({
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  whatsapp: z.string(),
  email: z.string(),
  address_line: z.string(),
  city_id: z.number().int().nullable(),
  city_name: z.string().nullable(),
  state: z.string(),
})
export type OrderCustomer = z.infer<typeof OrderCustomer>

/** Issue 42: the order's shipment as its readers see it (null until it goes out for delivery). */
export const OrderShipment = z.object({
  id: z.number().int(),
  courier_name: z.string(),
  courier_kind: z.enum(['driver', 'company']),
  tracking_number: z.string().nullable(),
  /** The courier company's own tracking page for this parcel (null for own drivers or without a number). */
  tracking_url: z.string().nullable(),
  status: z.enum(['out_for_delivery', 'delivered', 'refused', 'failed_attempt', 'returned']),
})
export type OrderShipment = z.infer<typeof OrderShipment>

export const Order = z.object({
  id: z.number().int(),
  order_number: z.string(),
  user_id: z.number().int().nullable(),
  customer: OrderCustomer,
  customer_name: z.string(),
  customer_email: z.string(),
  customer_phone: z.string(),
  shipping_address: z.string(),
  city_id: z.number().int().nullable(),
  city_name: z.string().nullable(),
  order_status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  /** Issue 41: the shopper agreed at checkout to be told on WhatsApp (orders placed before it: false). */
  whatsapp_opt_in: z.boolean().optional(),
  notes: z.string().nullable(),
  subtotal: z.number(),
  delivery_price: z.number(),
  total_amount: z.number(),
  /** Decision 0170: Σ adjustments (items and delivery); total_amount = subtotal − discount_total + delivery_price. */
  discount_total: z.number(),
  adjustments: z.array(OrderAdjustment),
  profit: z.number().optional(),
  created_at: z.string(),
  items: z.array(OrderItem),
  history: z.array(OrderStatusChange).optional(),
  /** Issue 42: who carries it and how (null until it is shipped). */
  shipment: OrderShipment.nullable().optional(),
  /**
   * Only in the answer that places an online-paid order (decision 0081): the key that lets this browser pay for the
   * order (or switch it to cash) without an account, and the time its stock is held until.
   */
  payment: z.object({ token: z.string(), due_at: z.string() }).optional(),
})
export type Order = z.infer<typeof Order>

/**
 * Sums over every order the list's filters match (all pages, not only the one returned), computed by the database:
 * the sales report's totals row (decision 0047). Staff only.
 */
export const OrderTotals = z.object({
  total_amount: z.number(),
  /** Decision 0216: only for staff with costs.view. */
  profit: z.number().optional(),
  /** Decision 0172: the discounts given on those orders (items and delivery). */
  discount_total: z.number(),
  /** Decision 0132: the part of total_amount whose payment status is paid (cash recorded as collected, paid online). */
  collected: z.number(),
})
export type OrderTotals = z.infer<typeof OrderTotals>

/** GET /api/orders: a page of orders; for staff with the totals of the whole filtered list. */
export const OrderList = paginated(Order).extend({ totals: OrderTotals.optional() })
export type OrderList = z.infer<typeof OrderList>

/** POST /api/orders/quote: the server's prices for a cart (and delivery for a city) before placing. */
export const QuoteInput = z.object({
  city_id: z.number().int().positive().max(2_147_483_647).optional(),
  items: CreateOrderInput.shape.items,
  /** Decision 0170: the code typed in the cart or at checkout. */
  coupon_code: couponCode,
  /** What the checkout form knows so far: offers for first orders or one payment method apply once these are known. */
  customer_phone: z.string().trim().max(40).optional().catch(undefined),
  payment_method: z.enum(PAYMENT_METHODS).optional().catch(undefined),
})
export type QuoteInput = z.infer<typeof QuoteInput>

export const QuoteLine = z.object({
  product_id: z.number().int(),
  /** Decision 0150: the pack priced (the default pack when the request named none). */
  variant_id: z.number().int().nullable(),
  variant_label: z.string(),
  sku: z.string().nullable(),
  /** Quantity breaks of the pack, smallest first. */
  tiers: z.array(z.object({ min_quantity: z.number().int(), price: z.number() })),
  name: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
  retail_price: z.number(),
  wholesale_price: z.number().nullable(),
  wholesale_threshold: z.number().int().nullable(),
  is_wholesale: z.boolean(),
  line_total: z.number(),
  /** Units that can be bought now (null for always-in-stock products). */
  available: z.number().int().nullable(),
  is_available: z.boolean(),
  /** Decision 0170: this line's part of the item discounts. */
  discount: z.number(),
  /** For the browser's pricing (offers on categories). */
  category_id: z.number().int().nullable(),
  /** The product's small picture (reorder puts the line back in the cart with it). */
  image_url: z.string().nullable().optional(),
})
/** Decision 0228: an offer that concerns the cart but is not in it, and why (pricing/offers.ts OFFER_SKIP_REASONS). */
export const QuoteSkippedOffer = z.object({
  promotion_id: z.number().int(),
  /** The typed code (null for an automatic offer). */
  code: z.string().nullable(),
  /** In the reader's language; the browser words the reason in the shopper's language. */
  label: z.string(),
  reason: z.enum(OFFER_SKIP_REASONS),
  /** `minimum`: how much more the lines must reach (dinars); null otherwise. */
  missing: z.number().nullable(),
})
export type QuoteSkippedOffer = z.infer<typeof QuoteSkippedOffer>

export const Quote = z.object({
  items: z.array(QuoteLine),
  subtotal: z.number(),
  /** Decision 0170: Σ adjustments; total = subtotal − discount_total + delivery_price. */
  discount_total: z.number(),
  delivery_price: z.number(),
  total: z.number(),
  /** The same as `total`, named as on an order. */
  total_amount: z.number(),
  adjustments: z.array(OrderAdjustment),
  /** The typed code: applied, or waiting (a better offer that does not combine with it won, or the city is unknown). */
  coupon: z.object({ code: z.string(), applied: z.boolean() }).nullable(),
  /** An automatic free-delivery offer the cart has not reached yet: how much more (dinars) and the offer's label. */
  free_delivery_hint: z.object({ missing: z.number(), label: z.string() }).nullable(),
  /** The offers the browser's pricing may apply while the cart changes (automatic ones, and the typed code's). */
  offers: z.array(PublicOffer),
  /**
   * Decision 0228: which offers did not apply and why (a typed code that lost to a better offer, a minimum not reached,
   * an offer for another city…), so the browser need not guess. Optional for answers cached before it existed.
   */
  not_applied: z.array(QuoteSkippedOffer).optional(),
})
export type Quote = z.infer<typeof Quote>

/** GET /api/orders/export/csv (product.md §10.7: status, completed by default, with optional from, to). */
export const OrderExportQuery = z
  .object({
    status: z.enum([...ORDER_STATUSES, 'all'], { error: 'validation.status_invalid' }).default('completed'),
    from: dateString.optional(),
    to: dateString.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'validation.date_range_invalid',
    path: ['from'],
  })
export type OrderExportQuery = z.infer<typeof OrderExportQuery>

/** product.md §10.3: the checkout's retry key, 8–100 characters of [A-Za-z0-9_-:.]. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,100}$/
// Loose: the other headers (authorization, accept-language) must stay on the request.
export const CheckoutHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, 'validation.idempotency_key_invalid')
    .optional(),
})

// Decision 0068: guest order tracking (/track) and cancellation by the shopper (decision 0069).

const orderNumber = z
  .string({ error: 'validation.order_number_required' })
  .transform(westernDigits)
  .pipe(
    z.string().trim().toUpperCase().min(1, 'validation.order_number_required').max(40, 'validation.too_long'),
  )

const trackingToken = z
  .string({ error: 'validation.tracking_token_invalid' })
  .trim()
  .min(16, 'validation.tracking_token_invalid')
  .max(200, 'validation.tracking_token_invalid')

/** The tracking form: the order number and the phone it was placed with. */
export const TrackByPhoneInput = z.object({
  order_number: orderNumber,
  phone: phone('validation.phone_required'),
})
export type TrackByPhoneInput = z.infer<typeof TrackByPhoneInput>

/** The link of a mail: the order number and its signed token. */
export const TrackByTokenInput = z.object({ order_number: orderNumber, token: trackingToken })
export type TrackByTokenInput = z.infer<typeof TrackByTokenInput>

/**
 * POST /api/track: the tracking form's order number and the phone it was placed with, or the mail link's order number
 * and signed token.
 */
export const TrackInput = z
  .object({
    order_number: orderNumber,
    phone: phone('validation.phone_required').optional(),
    token: trackingToken.optional(),
  })
  .refine((v) => v.phone !== undefined || v.token !== undefined, {
    message: 'validation.phone_required',
    path: ['phone'],
  })
export type TrackInput = z.infer<typeof TrackInput>

const cancelReason = z
  .string({ error: 'validation.cancel_reason_required' })
  .trim()
  .min(1, 'validation.cancel_reason_required')
  .max(500, 'validation.too_long')

/** POST /api/orders/:id/cancel (signed in). */
export const CancelOrderInput = z.object({ reason: cancelReason })
export type CancelOrderInput = z.infer<typeof CancelOrderInput>

/**
 * POST /api/track/cancel: the mail's link, or (issue 39, amending decision 0069) the order number with the phone it
 * was placed with, so that a guest of a shop without mail can cancel; throttled as a look-up (decision 0068).
 */
export const TrackCancelInput = z
  .object({
    order_number: orderNumber,
    phone: phone('validation.phone_required').optional(),
    token: trackingToken.optional(),
    reason: cancelReason,
  })
  .refine((v) => v.phone !== undefined || v.token !== undefined, {
    message: 'validation.phone_required',
    path: ['phone'],
  })
export type TrackCancelInput = z.infer<typeof TrackCancelInput>

/** POST /api/orders/:id/tracking-link (staff, decision 0105): the order's new tracking link. */
export const NewTrackingLink = z.object({ tracking_url: z.string() })
export type NewTrackingLink = z.infer<typeof NewTrackingLink>

/** What the tracking page shows: no email, the phone partly masked, the history as dates and statuses. */
export const TrackedOrder = z.object({
  order_number: z.string(),
  order_status: z.enum(ORDER_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  payment_status: z.enum(PAYMENT_STATUSES),
  created_at: z.string(),
  customer_name: z.string(),
  phone_masked: z.string(),
  shipping_address: z.string(),
  city_name: z.string().nullable(),
  subtotal: z.number(),
  delivery_price: z.number(),
  total_amount: z.number(),
  /** Decision 0170: the order's discounts as stored (0 and [] without offers); total_amount is already net of them. */
  discount_total: z.number(),
  adjustments: z.array(OrderAdjustment),
  items: z.array(
    z.object({
      product_id: z.number().int().nullable(),
      /** Decision 0150: the pack sold (null once removed), so "order again" asks for the same size. */
      variant_id: z.number().int().nullable(),
      product_name: z.string(),
      variant_label: z.string(),
      sku: z.string().nullable(),
      quantity: z.number().int(),
      unit_price: z.number(),
      line_total: z.number(),
      is_wholesale: z.boolean(),
      /** Decision 0170: this line's part of the item discounts (0 without offers). */
      discount: z.number(),
    }),
  ),
  history: z.array(
    z.object({ status: z.enum(ORDER_STATUSES), created_at: z.string(), by_customer: z.boolean() }),
  ),
  /** True when opened with the mail's token and the order is still pending. */
  can_cancel: z.boolean(),
  /** Issue 42: who carries it and the courier's tracking link (null until it is shipped). */
  shipment: OrderShipment.nullable().optional(),
})
export type TrackedOrder = z.infer<typeof TrackedOrder>
