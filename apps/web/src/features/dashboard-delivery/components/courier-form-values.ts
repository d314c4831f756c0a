import { zodResolver } from '@hookform/resolvers/zod'
import type { Resolver } from 'react-hook-form'
import { z } from 'zod'
import { CourierInput, CourierUpdate, type Courier, type CourierKind } from '@shop/shared/schemas/delivery'

/** The courier form as typed (strings); the API's own schemas check it once shaped (STYLE.md: one schema, both sides). */
export interface CourierValues {
  kind: CourierKind
  name: string
  phone: string
  tracking_url_pattern: string
  default_fee: string
  is_active: boolean
}

export const EMPTY_COURIER: CourierValues = {
  kind: 'driver',
  name: '',
  phone: '',
  tracking_url_pattern: '',
  default_fee: '',
  is_active: true,
}

export const valuesOf = (c: Courier): CourierValues => ({
  kind: c.kind,
  name: c.name,
  phone: c.phone,
  tracking_url_pattern: c.tracking_url_pattern ?? '',
  default_fee: c.kind === 'company' ? String(c.default_fee) : '',
  is_active: c.is_active,
})

// Own drivers carry no tracking address and no fee (decision 0237): those fields are sent for companies only, an empty
// fee as 0.
const companyFields = (v: CourierValues) =>
  v.kind === 'company'
    ? { tracking_url_pattern: v.tracking_url_pattern, default_fee: v.default_fee.trim() || '0' }
    : {}

const shape = (editing: boolean) => (v: CourierValues) => {
  const common = { name: v.name, phone: v.phone, ...companyFields(v) }
  return editing ? { ...common, is_active: v.is_active } : { ...common, kind: v.kind }
}
const createResolver = zodResolver(z.preprocess(shape(false), CourierInput))
const updateResolver = zodResolver(z.preprocess(shape(true), CourierUpdate))

export type CourierPayload = CourierInput | CourierUpdate

/** The API's create schema for a new courier, its update schema for one being edited (`editing()` says which). */
export function courierResolver(editing: () => boolean): Resolver<CourierValues, unknown, CourierPayload> {
  return ((values, context, options) =>
    (editing() ? updateResolver : createResolver)(values, context, options as never)) as Resolver<
    CourierValues,
    unknown,
    CourierPayload
  >
}
