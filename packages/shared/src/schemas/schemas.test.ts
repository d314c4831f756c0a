import { describe, expect, it } from 'vitest'
import { CheckoutForm, CreateOrderInput } from './order.ts'
import { ProductInput } from './product.ts'
import { RegisterInput } from './auth.ts'
import { idParam, optionalId } from './common.ts'

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

describe('shared schemas carry message keys', () => {
  it('checkout form reports every product.md §5.3 message', () => {
    const r = CheckoutForm.safeParse({
      firstName: '',
      lastName: '',
      email: 'x',
      phone: '',
      address: '',
      city: '',
      state: '',
      whatsappNumber: '',
      paymentMethod: 'bitcoin',
    })
    expect(issues(r)).toMatchObject({
      firstName: 'validation.first_name_required',
      lastName: 'validation.last_name_required',
      email: 'validation.email_invalid',
      phone: 'validation.phone_required',
      address: 'validation.address_required',
      city: 'validation.city_required',
      state: 'validation.state_required',
      whatsappNumber: 'validation.whatsapp_required',
      paymentMethod: 'validation.payment_method_invalid',
    })
  })

  it('takes phone numbers typed with Arabic-Indic or Persian digits and keeps them in Western digits', () => {
    const form = {
      firstName: 'أ',
      lastName: 'ب',
      email: 'a@b.ly',
      address: 'x',
      city: 'طرابلس',
      state: 'طرابلس',
      paymentMethod: 'cash',
    }
    const parsed = CheckoutForm.parse({ ...form, phone: '٠٩١٢٣٤٥٦٧٨', whatsappNumber: '+۲۱۸ ۹۱ ۱۲۳ ۴۵۶۷' })
    expect(parsed.phone).toBe('0912345678')
    expect(parsed.whatsappNumber).toBe('+218 91 123 4567')
    expect(
      issues(CheckoutForm.safeParse({ ...form, phone: 'هاتفي', whatsappNumber: '٠٩١٢٣٤٥٦٧٨' })),
    ).toMatchObject({ phone: 'validation.phone_invalid' })
  })

  it('takes ids as numbers or decimal digits only', () => {
    expect(idParam.parse({ id: '16' })).toEqual({ id: 16 })
    expect(idParam.parse({ id: 7 })).toEqual({ id: 7 })
    expect(optionalId.parse('')).toBeUndefined()
    for (const bad of ['0x10', '1e3', '0b1', '2.5', '-3', '0', ' ', 'abc', '99999999999', true]) {
      expect(idParam.safeParse({ id: bad }).success, String(bad)).toBe(false)
      expect(optionalId.safeParse(bad).success, String(bad)).toBe(false)
    }
    expect(issues(idParam.safeParse({ id: '0x10' }))).toEqual({ id: 'validation.id_invalid' })
  })
  it('order payload drops client prices and refuses bad quantities', () => {
    const base = {
      customer_name: 'a',
      customer_email: 'a@b.ly',
      customer_phone: '0912345678',
      shipping_address: 'x',
      city_id: 1,
    }
    const ok = CreateOrderInput.parse({
      ...base,
      items: [{ product_id: 1, quantity: 2, price: 0.01 }],
      delivery_price: 0,
      total_amount: 1,
    })
    expect(ok.items[0]).toEqual({ product_id: 1, quantity: 2 })
    expect(ok).not.toHaveProperty('delivery_price')
    for (const quantity of [0, -1, 1.5, '2', 1e9, null]) {
      expect(CreateOrderInput.safeParse({ ...base, items: [{ product_id: 1, quantity }] }).success).toBe(
        false,
      )
    }
  })

  it('product input refuses a wholesale price not below retail or without a threshold', () => {
    expect(
      issues(
        ProductInput.safeParse({
          name: 'a',
          description: 'b',
          price: '10',
          wholesale_price: '10',
          wholesale_threshold: '5',
        }),
      ),
    ).toMatchObject({
      wholesale_price: 'validation.wholesale_below_retail',
    })
    expect(
      issues(ProductInput.safeParse({ name: 'a', description: 'b', price: '10', wholesale_price: '8' })),
    ).toMatchObject({
      wholesale_threshold: 'validation.wholesale_threshold_required',
    })
    const parsed = ProductInput.parse({
      name: 'a',
      description: 'b',
      price: '10.50',
      wholesale_price: '',
      stock: '0',
      is_active: 'false',
    })
    expect(parsed).toMatchObject({
      price: 10.5,
      wholesale_price: null,
      stock: 0,
      is_active: false,
      category_id: null,
    })
  })

  it('register confirms the password on password_confirmation', () => {
    expect(
      issues(
        RegisterInput.safeParse({
          name: 'A',
          email: 'a@b.ly',
          password: 'secret1',
          password_confirmation: 'secret2',
        }),
      ),
    ).toMatchObject({
      name: 'validation.name_min_2',
      password_confirmation: 'validation.passwords_dont_match',
    })
  })
})
