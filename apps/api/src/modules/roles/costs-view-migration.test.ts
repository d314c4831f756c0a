import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUILT_IN_ROLE_PERMISSIONS, type Permission } from '@shop/shared/permissions'
import { staffRoles } from '../../db/schema/team.ts'
import { createTestApp, type TestContext } from '../../../test/helpers.ts'

// Decision 0216: migration 0028 gives costs.view to the custom roles whose permissions showed costs (figures with
// profit, the sales file, the product form and file), not to one that only reads orders; the built-in rows match the
// code. Run here on rows made as they were before it (a role without costs.view).
let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const migration = readFileSync(
  fileURLToPath(new URL('../../db/migrations/0028_costs_view.sql', import.meta.url)),
  'utf8',
)

describe('migration 0028', () => {
  it('gives costs.view to the custom roles that saw costs and to none other, once', async () => {
    const made: Record<string, Permission[]> = {
      figures: ['stats.view'],
      salesFile: ['orders.view', 'orders.export'],
      catalogue: ['products.manage', 'stock.manage'],
      productFile: ['imports.manage'],
      clerk: ['orders.view', 'orders.process', 'orders.edit'],
      stock: ['stock.manage', 'audit.view'],
      nothing: [],
    }
    const ids: Record<string, number> = {}
    for (const [name, permissions] of Object.entries(made)) {
      const [row] = await ctx.app.db
        .insert(staffRoles)
        .values({ nameAr: name, nameEn: name, permissions })
        .returning({ id: staffRoles.id })
      ids[name] = row!.id
    }
    // The built-in rows as the migration found them: without the new permission.
    await ctx.app.db
      .update(staffRoles)
      .set({ permissions: sql`${staffRoles.permissions} - 'costs.view'` })
      .where(isNotNull(staffRoles.key))
    for (let run = 0; run < 2; run++)
      for (const statement of migration.split('--> statement-breakpoint'))
        await ctx.app.db.execute(sql.raw(statement))
    const rows = await ctx.app.db
      .select({ id: staffRoles.id, permissions: staffRoles.permissions })
      .from(staffRoles)
      .where(inArray(staffRoles.id, Object.values(ids)))
    const after = Object.fromEntries(
      Object.entries(ids).map(([name, id]) => [name, rows.find((r) => r.id === id)!.permissions]),
    )
    for (const name of ['figures', 'salesFile', 'catalogue', 'productFile'])
      expect(after[name], name).toEqual([...made[name]!, 'costs.view'])
    for (const name of ['clerk', 'stock', 'nothing']) expect(after[name], name).toEqual(made[name])
    // The built-in rows hold what the code gives them (previous-release.test.ts checks it on old databases too).
    for (const key of ['owner', 'manager', 'accountant', 'order_clerk', 'catalogue_editor'] as const) {
      const [row] = await ctx.app.db.select().from(staffRoles).where(eq(staffRoles.key, key))
      expect([...row!.permissions].sort(), key).toEqual([...BUILT_IN_ROLE_PERMISSIONS[key]].sort())
    }
  })
})
