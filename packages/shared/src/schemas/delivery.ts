import { z } from 'zod'
import { westernDigits } from '../digits.ts'
import { boolish, idNumber, money, optionalId, page, paginated, perPage } from './common.ts'

// Issue 42 (decision 0237): couriers (own drivers, courier companies), one shipment per order, what happened at the
// door, and the cash couriers bring back.

export const COURIER_KINDS = ['driver', 'company'] as const
export type CourierKind = (typeof COURIER_KINDS)[number]
export const SHIPMENT_STATUSES = [
  'out_for_delivery',
  'delivered',
  'refused',
  'failed_attempt',
  'returned',
] as const
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number]

const name = z
  .string({ error: 'validation.name_required' })
  .trim()
  .min(1, 'validation.name_required')
  .max(100, 'validation.too_long')
const phone = z
  .string({ error: 'validation.phone_invalid' })
  .trim()
  .max(30, 'validation.phone_invalid')
  .transform(westernDigits)
  .refine((v) => v === '' || /^\+?[\d\s\-()]{6,}$/.test(v), 'validation.phone_invalid')
/** `https://…/track/{tracking_number}`: an address with the placeholder where the parcel's number goes. */
const pattern = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string({ error: 'validation.tracking_pattern_invalid' })
    .trim()
    .max(500, 'validation.too_long')
    .refine(
      (v) => /^https?:\/\/[^\s]+$/.test(v) && v.includes('{tracking_number}'),
      'validation.tracking_pattern_invalid',
    )
    .nullable(),
)

export const CourierInput = z.object({
  kind: z.enum(COURIER_KINDS, { error: 'validation.courier_kind_invalid' }),
  name,
  phone: phone.default(''),
  tracking_url_pattern: pattern.optional(),
  default_fee: money.optional(),
})
export type CourierInput = z.infer<typeof CourierInput>

export const CourierUpdate = z
  .object({
    name,
    phone,
    tracking_url_pattern: pattern,
    default_fee: money,
    is_active: z.boolean({ error: 'validation.boolean_invalid' }),
  })
  .partial()
export type CourierUpdate = z.infer<typeof CourierUpdate>

export const Courier = z.object({
  id: z.number().int(),
  kind: z.enum(COURIER_KINDS),
  name: z.string(),
  phone: z.string(),
  tracking_url_pattern: z.string().nullable(),
  default_fee: z.number(),
  is_active: z.boolean(),
  /** Whether a driver link works now, and until when (the link itself is shown once, when made). */
  driver_link_expires_at: z.string().nullable(),
  created_at: z.string(),
})
export type Courier = z.infer<typeof Courier>

export const CourierList = z.object({ data: z.array(Courier) })

export const ShipmentEvent = z.object({
  status: z.string(),
  reason: z.string().nullable(),
  collected_amount: z.number().nullable(),
  condition: z.string().nullable(),
  /** staff, courier (the driver link) or system; `by` their name. */
  actor: z.string(),
  by: z.string().nullable(),
  created_at: z.string(),
})

export const Shipment = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_number: z.string(),
  courier_id: z.number().int(),
  courier_name: z.string(),
  courier_kind: z.enum(COURIER_KINDS),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  /** The cash to collect at the door: the order's stored total for an unpaid cash order, 0 for a paid one. */
  cod_amount: z.number(),
  collected_amount: z.number().nullable(),
  /** A collected amount other than cod_amount. */
  collected_mismatch: z.boolean(),
  fee: z.number(),
  reason: z.string().nullable(),
  attempts: z.number().int(),
  condition: z.enum(['good', 'damaged']).nullable(),
  settled: z.boolean(),
  settlement_id: z.number().int().nullable(),
  created_at: z.string(),
  /** For the driver's page and the delivery sheet: who to bring it to. */
  customer: z.object({
    name: z.string(),
    phone: z.string(),
    address: z.string(),
    city_name: z.string().nullable(),
  }),
  history: z.array(ShipmentEvent),
})
export type Shipment = z.infer<typeof Shipment>

export const ShipmentList = paginated(Shipment)

const trackingNumber = z
  .string()
  .trim()
  .min(1, 'validation.tracking_number_invalid')
  .max(100, 'validation.too_long')

export const CreateShipmentsInput = z.object({
  courier_id: idNumber,
  order_ids: z
    .array(idNumber, { error: 'validation.order_ids_required' })
    .min(1, 'validation.order_ids_required')
    .max(100, 'validation.too_long'),
  tracking_numbers: z.record(z.string(), trackingNumber).optional(),
})
export type CreateShipmentsInput = z.infer<typeof CreateShipmentsInput>

export const ShipmentsQuery = z.object({
  courier_id: optionalId,
  order_id: optionalId,
  status: z.enum(SHIPMENT_STATUSES, { error: 'validation.status_invalid' }).optional(),
  settled: boolish.optional(),
  page,
  per_page: perPage(20),
})

const reason = z
  .string({ error: 'validation.reason_required' })
  .trim()
  .min(1, 'validation.reason_required')
  .max(500)

/** PATCH /api/shipments/:id and the driver's PATCH: one outcome, or a fee / tracking number correction (staff). */
export const ShipmentOutcome = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('delivered'), collected_amount: money.optional() }),
    z.object({ status: z.literal('refused'), reason }),
    z.object({ status: z.literal('failed_attempt'), reason }),
    z.object({
      status: z.literal('returned'),
      condition: z.enum(['good', 'damaged'], { error: 'validation.condition_invalid' }),
    }),
  ],
  { error: 'validation.shipment_status_invalid' },
)
export type ShipmentOutcome = z.infer<typeof ShipmentOutcome>

export const ShipmentUpdate = z.union([
  ShipmentOutcome,
  z.object({ fee: money.optional(), tracking_number: trackingNumber.nullable().optional() }).strict(),
])
export type ShipmentUpdate = z.infer<typeof ShipmentUpdate>

export const DriverLink = z.object({ url: z.string(), expires_at: z.string() })

export const CourierBalance = z.object({
  courier_id: z.number().int(),
  collected: z.number(),
  fees: z.number(),
  settled: z.number(),
  /** collected − fees − settled: what the courier still owes the shop. */
  outstanding: z.number(),
  /** Delivered and not settled, oldest first. */
  open: z.array(Shipment),
  /** Days since the oldest open delivery (null when none). */
  oldest_open_days: z.number().int().nullable(),
})
export type CourierBalance = z.infer<typeof CourierBalance>

export const SettlementLineInput = z
  .object({
    order_number: z.string().trim().max(64).optional(),
    tracking_number: z.string().trim().max(100).optional(),
    collected: money,
    fee: money.optional(),
  })
  .refine((l) => !!l.order_number || !!l.tracking_number, {
    message: 'validation.settlement_line_reference',
    path: ['order_number'],
  })

/** A courier's statement as lines. */
export const SettlementLinesInput = z.object({
  courier_id: idNumber,
  lines: z
    .array(SettlementLineInput, { error: 'validation.items_required' })
    .min(1, 'validation.items_required')
    .max(5000, 'validation.too_long'),
})
/** An own driver's cash handed over for the deliveries it names. */
export const HandoverInput = z.object({
  courier_id: idNumber,
  amount: money,
  shipment_ids: z
    .array(idNumber, { error: 'validation.items_required' })
    .min(1, 'validation.items_required')
    .max(1000, 'validation.too_long'),
})
export type SettlementInput = z.infer<typeof SettlementLinesInput> | z.infer<typeof HandoverInput>

/** Which of the two a JSON body of POST /api/settlements is: a hand-over names an amount or shipments. */
export const settlementSchemaOf = (body: unknown) =>
  typeof body === 'object' && body !== null && ('amount' in body || 'shipment_ids' in body)
    ? HandoverInput
    : SettlementLinesInput

export const SETTLEMENT_MISMATCHES = ['unknown', 'not_delivered', 'short', 'over', 'already_settled'] as const

export const SettlementResult = z.object({
  id: z.number().int(),
  courier_id: z.number().int(),
  /** What the courier paid for the matched lines: Σ (collected − fee). */
  amount: z.number(),
  matched: z.array(
    z.object({
      line: z.number().int(),
      shipment_id: z.number().int(),
      order_number: z.string(),
      collected: z.number(),
      fee: z.number(),
    }),
  ),
  mismatches: z.array(
    z.object({
      line: z.number().int(),
      kind: z.enum(SETTLEMENT_MISMATCHES),
      order_number: z.string().nullable().optional(),
      tracking_number: z.string().nullable().optional(),
      expected: z.number().optional(),
      got: z.number().optional(),
    }),
  ),
})
export type SettlementResult = z.infer<typeof SettlementResult>

export const DeliveryReport = z.object({
  /** Cash each courier still owes and the age of its oldest open delivery. */
  outstanding: z.array(
    z.object({
      courier_id: z.number().int(),
      courier_name: z.string(),
      outstanding: z.number(),
      open_count: z.number().int(),
      oldest_open_days: z.number().int().nullable(),
    }),
  ),
  /** Refused ÷ (delivered + refused), per city and per courier. */
  refusals_by_city: z.array(
    z.object({
      city_name: z.string().nullable(),
      delivered: z.number().int(),
      refused: z.number().int(),
      rate: z.number(),
    }),
  ),
  refusals_by_courier: z.array(
    z.object({
      courier_id: z.number().int(),
      courier_name: z.string(),
      delivered: z.number().int(),
      refused: z.number().int(),
      rate: z.number(),
    }),
  ),
  /** Delivery fees the shoppers paid on shipped orders against the couriers' fees for them. */
  fees: z.object({ charged_to_shoppers: z.number(), paid_to_couriers: z.number() }),
})
export type DeliveryReport = z.infer<typeof DeliveryReport>
