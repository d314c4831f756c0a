import { randomUUID } from 'node:crypto'

/** Plain API calls the journeys use to set the scene (the browser does the part being tested). */
export interface ApiProduct {
  id: number
  name: string
  price: number
  retail_price: number | null
  wholesale_price: number | null
  wholesale_threshold: number | null
  retail_buying_price?: number | null
  wholesale_buying_price?: number | null
  stock: number
  is_active: boolean
  is_always_in_stock: boolean
  category_id: number | null
  category: { id: number; name: string } | null
}
export interface ApiCity {
  id: number
  name: string
  delivery_price: number
}
export interface ApiOrder {
  id: number
  order_number: string
  total_amount: number
  order_status: string
  items: { product_id: number; quantity: number; unit_price: number; is_wholesale: boolean }[]
}

export class ShopApi {
  constructor(
    readonly baseURL: string,
    readonly token: string | null = null,
  ) {}

  async call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const res = await fetch(`${this.baseURL}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    })
    const text = await res.text()
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`)
    return (text ? JSON.parse(text) : undefined) as T
  }

  as(token: string): ShopApi {
    return new ShopApi(this.baseURL, token)
  }

  async login(
    email: string,
    password: string,
  ): Promise<{ token: string; user: { id: number; name: string; email: string } }> {
    return new ShopApi(this.baseURL).call('POST', '/api/auth/login', { email, password })
  }

  async register(name: string, email: string, password: string): Promise<void> {
    await this.call('POST', '/api/auth/register', { name, email, password, password_confirmation: password })
  }

  /** Products with their texts in `lang` (Accept-Language; Arabic by default, decision 0056). */
  async products(query = 'per_page=100', lang?: 'ar' | 'en'): Promise<ApiProduct[]> {
    return (
      await this.call<{ data: ApiProduct[] }>(
        'GET',
        `/api/products?${query}`,
        undefined,
        lang ? { 'accept-language': lang } : {},
      )
    ).data
  }

  async product(id: number): Promise<ApiProduct> {
    return this.call('GET', `/api/products/${id}`)
  }

  async cities(): Promise<ApiCity[]> {
    return (await this.call<{ data: ApiCity[] }>('GET', '/api/cities?active=true')).data
  }

  /** Places an order the way the checkout form does (address, city and state joined by ", "; product.md §5.3). */
  async placeOrder(
    items: { product_id: number; quantity: number }[],
    cityId: number,
    customer: { name: string; email: string; phone?: string; address?: string },
  ): Promise<ApiOrder> {
    return this.call(
      'POST',
      '/api/orders',
      {
        customer_name: customer.name,
        customer_email: customer.email,
        customer_phone: customer.phone ?? '0912345678',
        shipping_address: customer.address ?? 'شارع عمر المختار, طرابلس, حي الأندلس',
        city_id: cityId,
        payment_method: 'cash',
        notes: 'WhatsApp: 0912345678',
        items,
      },
      { 'idempotency-key': randomUUID() },
    )
  }

  async setStock(productId: number, stock: number): Promise<ApiProduct> {
    return this.call('PATCH', `/api/products/${productId}/stock`, { stock })
  }
}

/** Unique per call, so journeys sharing a server never collide on emails. */
export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@e2e.ly`
