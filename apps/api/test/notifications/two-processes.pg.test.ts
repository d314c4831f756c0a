import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp, type App } from '../../src/app.ts'
import { openDatabase, type Database } from '../../src/db/client.ts'
import { mailOutbox, settings } from '../../src/db/schema/settings.ts'
import { createCity, createProduct, openTestDatabase } from '../helpers.ts'
import { placeTestOrder } from '../orders.ts'
import { startSmtp } from '../smtp.ts'

// Decision 0065: two API processes over one PostgreSQL deliver each order mail exactly once, while SMTP is slow,
// while it is down and after it comes back. (PGlite is one process, so this runs in the PostgreSQL pass only.)
describe('two API processes, one outbox', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let drop: () => Promise<void>
  let second: Database
  const apps: App[] = []

  beforeAll(async () => {
    smtp = await startSmtp({ delayMs: 30 })
    const first = await openTestDatabase()
    drop = first.drop
    second = await openDatabase({ url: first.url!, poolSize: 10 })
    for (const database of [first.database, second]) {
      apps.push(
        await buildApp({
          database,
          webDist: '/nonexistent',
          env: { APP_URL: 'http://shop.test', SMTP_URL: smtp.url },
          mail: { pollMs: 100, backoffMs: 100, maxBackoffMs: 200 },
          // Many orders from one address and phone (decision 0091's limits are tested elsewhere).
          abuseLimits: false,
        }),
      )
    }
    await apps[0]!.db.insert(settings).values({ key: 'notify_emails', value: 'staff@shop.ly' })
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await second.close()
    await drop()
    await smtp.close()
  })

  async function placeThroughBoth(prefix: string, count: number) {
    const city = await createCity(apps[0]!)
    const product = await createProduct(apps[0]!, { stock: 1000 })
    return Promise.all(
      Array.from({ length: count }, (_, i) =>
        placeTestOrder(apps[i % 2]!, {
          cityId: city.id,
          items: [{ product_id: product.id, quantity: 1 }],
          customer: { customer_email: `${prefix}-${i}@example.ly` },
        }),
      ),
    )
  }

  /**
   * Waits for the event after which no mail can go out again: every outbox row is marked sent (a sent row is never
   * claimed again), rather than for a fixed time that a loaded machine may not give the pollers.
   */
  const drained = () =>
    vi.waitFor(
      async () => {
        const rows = await apps[0]!.db.select().from(mailOutbox)
        expect(rows.filter((r) => r.sentAt === null || r.lockedUntil !== null)).toEqual([])
      },
      { timeout: 60_000, interval: 100 },
    )

  /** Both processes deliver at the same moments, again and again (their pollers run too). */
  const hammer = () => Promise.all([0, 1, 2].flatMap(() => apps.map((app) => app.mailer.deliverDue())))

  it('sends each mail once while both deliver at the same time', { timeout: 180_000 }, async () => {
    const placed = await placeThroughBoth('both', 12)
    await hammer()
    await vi.waitFor(() => expect(smtp.mails.filter((m) => m.to[0]!.startsWith('both-'))).toHaveLength(12), {
      timeout: 60_000,
      interval: 100,
    })
    await drained()
    await hammer()
    for (let i = 0; i < 12; i++) expect(smtp.to(`both-${i}@example.ly`)).toHaveLength(1)
    const staff = smtp.to('staff@shop.ly')
    for (const order of placed)
      expect(staff.filter((m) => m.raw.includes(order.order_number))).toHaveLength(1)
  })

  it(
    'SMTP down: orders are placed; once it is back each mail goes out once, whichever process retries it',
    { timeout: 180_000 },
    async () => {
      smtp.state.down = true
      const placed = await placeThroughBoth('down', 6)
      expect(placed).toHaveLength(6)
      await hammer()
      expect(smtp.mails.filter((m) => m.to[0]!.startsWith('down-'))).toHaveLength(0)
      smtp.state.down = false
      await vi.waitFor(() => expect(smtp.mails.filter((m) => m.to[0]!.startsWith('down-'))).toHaveLength(6), {
        timeout: 60_000,
        interval: 100,
      })
      await drained()
      await hammer()
      for (let i = 0; i < 6; i++) expect(smtp.to(`down-${i}@example.ly`)).toHaveLength(1)
    },
  )
})
