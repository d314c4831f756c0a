import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tag } from '../variants.ts'
import {
  call,
  orderBody,
  twoServersOnOneDatabase,
  type ServerProcess,
  type TwoServers,
} from './server-process.ts'

// Issue 29 "Done when" (decision 0170): a code with 10 uses and 100 parallel orders sent to two real server processes
// (child processes, `node --import tsx src/server.ts`) over one PostgreSQL database: exactly 10 orders carry it, the
// others are refused 422 COUPON_USED_UP and take no stock; cancelling one frees one use. Per-customer limits hold
// across processes too. (PGlite is one process: offers-api.test.ts runs the one-process case on both databases.)
const baseUrl = process.env.DATABASE_URL

describe('two server processes and one limited code', () => {
  let shop: TwoServers | undefined
  let servers: ServerProcess[] = []
  let auth: Record<string, string>
  let cityId: number
  let db: pg.Client

  beforeAll(async () => {
    shop = await twoServersOnOneDatabase(baseUrl!, { name: `Ghadames ${tag()}`, delivery_price: 10 })
    ;({ servers, auth, cityId, db } = shop)
  }, 600_000)

  afterAll(() => shop?.close())

  async function product(stock: number) {
    const t = tag()
    const res = await call(
      `${servers[0]!.url}/api/products`,
      'POST',
      { name_ar: `تمر ${t}`, name_en: `Dates ${t}`, description_ar: 'تمر', price: 20, stock },
      auth,
    )
    if (res.status !== 201) throw new Error(`product: ${res.status} ${res.text}`)
    return res.json as { id: number }
  }

  async function offer(fields: Record<string, unknown>) {
    const res = await call(
      `${servers[1]!.url}/api/promotions`,
      'POST',
      {
        name_ar: 'حملة فيسبوك',
        name_en: 'Facebook campaign',
        value_type: 'percentage',
        value: 10,
        target: 'order',
        ...fields,
      },
      auth,
    )
    if (res.status !== 201) throw new Error(`offer: ${res.status} ${res.text}`)
    return res.json as { id: number; code: string }
  }

  /**
   * An order as a client sends it: a 503 (no database connection free within the pool's wait while a hundred orders
   * queue behind one offer's row on a busy two-core machine) is tried again with the same Idempotency-Key. A 503 may
   * come once the order was written (its answer is read on another connection): the retry's replay (200) is then that
   * order placed, counted as its 201.
   */
  async function buy(server: number, productId: number, code: string, who: string, phone = '0912345678') {
    const key = randomUUID()
    let busy = false
    for (let attempt = 1; ; attempt++) {
      const res = await call(
        `${servers[server]!.url}/api/orders`,
        'POST',
        {
          ...orderBody(cityId, [{ product_id: productId, quantity: 1 }], who),
          customer_phone: phone,
          coupon_code: code,
        },
        { 'idempotency-key': key },
      )
      if (busy && res.status === 200) res.status = 201
      if (res.status !== 503 || attempt === 8) return res
      busy = true
    }
  }

  const counts = async (offerId: number, productId: number) => {
    const q = async (text: string, params: unknown[]) => (await db.query(text, params)).rows[0]
    return {
      carried: (
        await q('select count(distinct order_id)::int as n from order_adjustments where promotion_id = $1', [
          offerId,
        ])
      ).n,
      held: (
        await q(
          'select count(*)::int as n from promotion_uses where promotion_id = $1 and released_at is null',
          [offerId],
        )
      ).n,
      usedCount: (await q('select used_count from promotions where id = $1', [offerId])).used_count,
      stock: (await q('select sum(stock)::int as n from product_variants where product_id = $1', [productId]))
        .n,
      orders: (
        await q('select count(distinct order_id)::int as n from order_items where product_id = $1', [
          productId,
        ])
      ).n,
    }
  }

  it(
    'exactly 10 of 100 parallel orders across both processes carry the code; cancelling one frees one use',
    { timeout: 300_000 },
    async () => {
      const code = `FB${tag().toUpperCase()}`
      const o = await offer({ code, usage_limit: 10 })
      const p = await product(1000)
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          buy(i % 2, p.id, i % 3 ? code : code.toLowerCase(), `offer-${i}`),
        ),
      )
      expect(
        answers.filter((a) => a.status !== 201 && a.status !== 422).map((a) => `${a.status} ${a.text}`),
        'only 201 and 422',
      ).toEqual([])
      const ok = answers.filter((a) => a.status === 201)
      const refused = answers.filter((a) => a.status === 422)
      expect(ok).toHaveLength(10)
      for (const r of refused)
        expect(r.json).toMatchObject({
          code: 'COUPON_USED_UP',
          errors: { coupon_code: [expect.any(String)] },
        })
      for (const r of ok)
        expect(r.json).toMatchObject({
          subtotal: 20,
          discount_total: 2,
          total_amount: 28,
          adjustments: [{ promotion_id: o.id, code, amount: 2, target: 'items' }],
        })
      // Each process answered its 50 requests: 201 or 422 above, nothing lost on either.
      expect(await counts(o.id, p.id)).toEqual({
        carried: 10,
        held: 10,
        usedCount: 10,
        stock: 990,
        orders: 10,
      })
      // The dashboard's figures agree, whichever process answers: ten uses held; the orders are pending, so none of
      // them is yet in the offer's orders, discount and revenue (completed orders only, decision 0229).
      for (const s of servers) {
        const view = await call(`${s.url}/api/promotions/${o.id}`, 'GET', undefined, auth)
        expect(view.status, view.text).toBe(200)
        expect(view.json).toMatchObject({
          uses: 10,
          orders_count: 0,
          discount_given: 0,
          revenue: 0,
          status: 'used_up',
        })
      }

      // Staff cancel one order on one process; the next order with the code, on the other, is served.
      const first = ok[0]!.json
      const order = await call(`${servers[0]!.url}/api/orders/${first.id}`, 'GET', undefined, auth)
      const cancel = await call(
        `${servers[0]!.url}/api/orders/${first.id}`,
        'PUT',
        {
          customer_name: order.json.customer_name,
          customer_email: order.json.customer_email,
          customer_phone: order.json.customer_phone,
          shipping_address: order.json.shipping_address,
          order_status: 'cancelled',
          payment_status: order.json.payment_status,
          notes: '',
        },
        auth,
      )
      expect(cancel.status, cancel.text).toBe(200)
      expect(await counts(o.id, p.id)).toMatchObject({ held: 9, usedCount: 9, stock: 991 })
      // Ten more race for the freed use: one gets it.
      const again = await Promise.all(
        Array.from({ length: 10 }, (_, i) => buy(i % 2, p.id, code, `offer-again-${i}`)),
      )
      expect(again.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(422)])
      expect(await counts(o.id, p.id)).toEqual({
        carried: 11,
        held: 10,
        usedCount: 10,
        stock: 990,
        orders: 11,
      })
    },
  )

  it(
    'uses per customer hold across both processes: 4 phones × 10 parallel orders, 2 uses each',
    { timeout: 300_000 },
    async () => {
      const code = `TWO${tag().toUpperCase()}`
      const o = await offer({ code, per_customer_limit: 2 })
      const p = await product(1000)
      const phones = ['0911000001', '0921000002', '0941000003', '0911000004']
      // The same number typed three ways.
      const typed = (phone: string, i: number) =>
        [
          phone,
          `+218 ${phone.slice(1, 3)} ${phone.slice(3)}`,
          phone.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!),
        ][i % 3]!
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => buy(i % 2, p.id, code, `per-${i}`, typed(phones[i % 4]!, i))),
      )
      expect(
        answers.filter((a) => a.status !== 201 && a.status !== 422).map((a) => `${a.status} ${a.text}`),
      ).toEqual([])
      expect(answers.filter((a) => a.status === 201)).toHaveLength(8)
      for (const r of answers.filter((a) => a.status === 422)) expect(r.json.code).toBe('COUPON_USED_UP')
      const perPhone = (
        await db.query(
          'select phone_key, count(*)::int as n from promotion_uses where promotion_id = $1 and released_at is null group by phone_key',
          [o.id],
        )
      ).rows.map((r) => r.n)
      expect(perPhone).toEqual([2, 2, 2, 2])
      expect(await counts(o.id, p.id)).toMatchObject({ carried: 8, held: 8, usedCount: 8, stock: 992 })
    },
  )
})
