import type { PublicOffer } from '@shop/shared/schemas/promotion'

/** An offer as the quote lists it (decision 0176): 10% off the order, combinable, no conditions; `over` sets the rest. */
export const publicOffer = (over: Partial<PublicOffer> = {}): PublicOffer => ({
  id: 1,
  code: null,
  name: 'Eid discount',
  value_type: 'percentage',
  value: 10,
  target: 'order',
  product_ids: [],
  category_ids: [],
  variant_ids: [],
  min_subtotal: null,
  city_ids: [],
  payment_methods: [],
  starts_at: null,
  ends_at: null,
  first_order_only: false,
  retail_only: false,
  combinable: true,
  ...over,
})
