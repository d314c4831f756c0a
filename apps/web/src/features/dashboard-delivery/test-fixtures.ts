import { BUILT_IN_ROLE_PERMISSIONS, type BuiltInRole } from '@shop/shared/permissions'
import type { User } from '@shop/shared/schemas/auth'
import type { Courier, CourierBalance, DeliveryReport, Shipment } from '@shop/shared/schemas/delivery'

// Test data of the couriers screen's tests (issue 42): couriers, shipments, balances, a report, staff of each role.

export const driver: Courier = {
  id: 1,
  kind: 'driver',
  name: 'Salem',
  phone: '0912345678',
  tracking_url_pattern: null,
  default_fee: 0,
  is_active: true,
  driver_link_expires_at: '2099-02-01T10:00:00Z',
  created_at: '2026-11-01T10:00:00Z',
}

export const company: Courier = {
  id: 2,
  kind: 'company',
  name: 'Fast Parcel',
  phone: '',
  tracking_url_pattern: 'https://fast.ly/track/{tracking_number}',
  default_fee: 12.5,
  is_active: true,
  driver_link_expires_at: null,
  created_at: '2026-11-02T10:00:00Z',
}

export function shipment(id: number, number: string, collected: number, fee = 0): Shipment {
  return {
    id,
    order_id: 100 + id,
    order_number: number,
    courier_id: 1,
    courier_name: 'Salem',
    courier_kind: 'driver',
    tracking_number: null,
    tracking_url: null,
    status: 'delivered',
    cod_amount: collected,
    collected_amount: collected,
    collected_mismatch: false,
    fee,
    reason: null,
    attempts: 1,
    condition: null,
    settled: false,
    settlement_id: null,
    created_at: '2026-11-20T10:00:00Z',
    customer: { name: `Customer ${id}`, phone: '0911111111', address: 'Tripoli', city_name: 'Tripoli' },
    history: [],
  }
}

export const balance = (open: Shipment[], extra: Partial<CourierBalance> = {}): CourierBalance => ({
  courier_id: 1,
  collected: 500,
  fees: 20,
  settled: 200,
  outstanding: 280,
  open,
  oldest_open_days: 4,
  ...extra,
})

export const report: DeliveryReport = {
  outstanding: [
    { courier_id: 1, courier_name: 'Salem', outstanding: 280, open_count: 3, oldest_open_days: 4 },
    { courier_id: 2, courier_name: 'Fast Parcel', outstanding: 0, open_count: 0, oldest_open_days: null },
  ],
  refusals_by_city: [{ city_name: 'Misrata', delivered: 3, refused: 1, rate: 0.25 }],
  refusals_by_courier: [{ courier_id: 1, courier_name: 'Salem', delivered: 9, refused: 1, rate: 0.1 }],
  fees: { charged_to_shoppers: 300, paid_to_couriers: 125 },
}

/** A staff member of a built-in role (their permissions as /api/me answers them). */
export const staff = (role: BuiltInRole): User => ({
  id: 7,
  name: role,
  email: `${role}@example.ly`,
  is_admin: true,
  is_active: true,
  role: 'admin',
  roles: [{ name: 'admin' }],
  created_at: '2026-01-01T00:00:00Z',
  permissions: [...BUILT_IN_ROLE_PERMISSIONS[role]],
  staff_role: { id: 2, key: role, name: role },
})
