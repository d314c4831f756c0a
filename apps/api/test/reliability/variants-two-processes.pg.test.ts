import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { datePacks, tag, type PackView } from '../variants.ts'
import {
  call,
  orderBody,
  twoServersOnOneDatabase,
  type ServerProcess,
  type TwoServers,
} from './server-process.ts'

// Issue 28 "Done when" (decision 0150): 100 parallel single-unit orders on a pack with stock 10, sent to two real
// server processes (child processes, `node --import tsx src/server.ts`) over one PostgreSQL database: exactly 10 are
// sold, the product's other packs keep their stock, and nobody gets a 500. (PGlite is one process: PostgreSQL only.)
const baseUrl = process.env.DATABASE_URL

describe('two server processes selling one pack', () => {
  let shop: TwoServers | undefined
  let servers: ServerProcess[] = []
  let auth: Record<string, string>
  let cityId: number
  let db: pg.Client

  beforeAll(async () => {
    shop = await twoServersOnOneDatabase(baseUrl!, { name: `Ghat ${tag()}`, delivery_price: 20 })
    ;({ servers, auth, cityId, db } = shop)
  }, 600_000)

  afterAll(() => shop?.close())

  async function packedProduct(stocks: [number, number, number]) {
    const t = tag()
    const res = await call(
      `${servers[0]!.url}/api/products`,
      'POST',
      { name_ar: `تمر ${t}`, name_en: `Dates ${t}`, description_ar: 'تمر', variants: datePacks(t, stocks) },
      auth,
    )
    if (res.status !== 201) throw new Error(`product: ${res.status} ${res.text}`)
    return res.json as { id: number; variants: PackView[] }
  }

  /** An order body (server-process.ts's shape) whose lines name packs. */
  const buy = (who: string, items: { product_id: number; variant_id: number; quantity: number }[]) => ({
    ...orderBody(cityId, [], who),
    items,
  })

  const stocksOf = async (ids: number[]) =>
    Object.fromEntries(
      (await db.query('select id, stock from product_variants where id = any($1)', [ids])).rows.map((r) => [
        r.id,
        r.stock,
      ]),
    )
  const soldOf = async (variantId: number) =>
    (
      await db.query(
        'select count(distinct order_id)::int as orders, coalesce(sum(quantity), 0)::int as units from order_items where variant_id = $1',
        [variantId],
      )
    ).rows[0] as { orders: number; units: number }

  it(
    'sells exactly 10 of 100 parallel orders across both processes, the other packs untouched',
    { timeout: 300_000 },
    async () => {
      const p = await packedProduct([40, 10, 20])
      const [small, kilo, carton] = p.variants as [PackView, PackView, PackView]
      // Each process sees the new pack and its stock.
      for (const s of servers) {
        const q = await call(`${s.url}/api/orders/quote`, 'POST', {
          items: [{ product_id: p.id, variant_id: kilo.id, quantity: 1 }],
        })
        expect(q.status, q.text).toBe(200)
        expect(q.json.items[0]).toMatchObject({ variant_id: kilo.id, available: 10 })
      }
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          call(
            `${servers[i % 2]!.url}/api/orders`,
            'POST',
            buy(`pg2-${i}`, [{ product_id: p.id, variant_id: kilo.id, quantity: 1 }]),
          ),
        ),
      )
      const statuses = answers.map((a) => a.status)
      expect(
        answers.filter((a) => a.status !== 201 && a.status !== 409).map((a) => `${a.status} ${a.text}`),
        'only 201 and 409',
      ).toEqual([])
      expect(statuses.filter((s) => s === 201)).toHaveLength(10)
      expect(statuses.filter((s) => s === 409)).toHaveLength(90)
      // Both processes sold (each got 50 of the requests; the first 10 go to whichever locks first).
      for (const refused of answers.filter((a) => a.status === 409))
        expect(refused.json).toMatchObject({
          code: 'OUT_OF_STOCK',
          product_id: p.id,
          variant_id: kilo.id,
          available: 0,
        })
      expect(await stocksOf([small.id, kilo.id, carton.id])).toEqual({
        [small.id]: 40,
        [kilo.id]: 0,
        [carton.id]: 20,
      })
      expect(await soldOf(kilo.id)).toEqual({ orders: 10, units: 10 })
      expect(await soldOf(small.id)).toEqual({ orders: 0, units: 0 })
      expect(await soldOf(carton.id)).toEqual({ orders: 0, units: 0 })
      // What staff read through either process agrees.
      for (const s of servers) {
        const staff = await call(`${s.url}/api/products/${p.id}`, 'GET', undefined, auth)
        expect(staff.json.variants.map((v: PackView) => v.stock)).toEqual([40, 0, 20])
      }
    },
  )

  it(
    'sells each pack’s own stock when orders for all three packs, and for two packs at once, race across both processes',
    { timeout: 300_000 },
    async () => {
      const p = await packedProduct([6, 9, 4])
      const [a, b, c] = p.variants as [PackView, PackView, PackView]
      const lines = (i: number) =>
        i % 4 === 3
          ? // A cart with two packs of the product: all or nothing.
            [
              { product_id: p.id, variant_id: c.id, quantity: 1 },
              { product_id: p.id, variant_id: a.id, quantity: 1 },
            ]
          : [{ product_id: p.id, variant_id: [a, b, c][i % 4]!.id, quantity: 1 }]
      const answers = await Promise.all(
        Array.from({ length: 80 }, (_, i) =>
          call(`${servers[i % 2]!.url}/api/orders`, 'POST', buy(`pg3-${i}`, lines(i))),
        ),
      )
      expect(
        answers.filter((r) => r.status !== 201 && r.status !== 409).map((r) => `${r.status} ${r.text}`),
      ).toEqual([])
      const stocks = await stocksOf([a.id, b.id, c.id])
      const sold = { a: await soldOf(a.id), b: await soldOf(b.id), c: await soldOf(c.id) }
      // Stock + sold = initial stock per pack, never below 0; every pack of 20 buyers sold out.
      expect(stocks[a.id] + sold.a.units).toBe(6)
      expect(stocks[b.id] + sold.b.units).toBe(9)
      expect(stocks[c.id] + sold.c.units).toBe(4)
      expect(stocks).toEqual({ [a.id]: 0, [b.id]: 0, [c.id]: 0 })
      // Every confirmed two-pack order holds both lines.
      const twoPack = answers.filter((r, i) => i % 4 === 3 && r.status === 201)
      for (const r of twoPack)
        expect(r.json.items.map((l: { variant_id: number }) => l.variant_id).sort()).toEqual(
          [a.id, c.id].sort(),
        )
      const confirmed = answers.filter((r) => r.status === 201).length
      expect(confirmed).toBe(sold.a.orders + sold.b.orders + sold.c.orders - twoPack.length)
    },
  )
})
