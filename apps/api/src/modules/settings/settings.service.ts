import { asc, eq, inArray } from 'drizzle-orm'
import {
  PUBLIC_SETTING_KEYS,
  normalizeSettingValue,
  settingDefinition,
  validateSettingValue,
  type PublicSettings,
  type Setting,
  type UpdateSettingInput,
} from '@shop/shared/schemas/setting'
import type { Db, DbOrTx } from '../../db/client.ts'
import type { Actor } from '../../domain/actor.ts'
import { HIDDEN, isSecretName, recordAudit } from '../../domain/audit.ts'
import { settings } from '../../db/schema/settings.ts'
import { AppError, notFound } from '../../lib/app-error.ts'

const toSetting = (row: typeof settings.$inferSelect): Setting => ({
  id: row.id,
  key: row.key,
  description: row.description,
  value: row.value,
})

export async function listSettings(db: Db): Promise<Setting[]> {
  const rows = await db.select().from(settings).orderBy(asc(settings.key))
  return rows.map(toSetting)
}

/** docs/api.md GET /settings/public: only the keys a storefront shows; a missing row reads as its registry default. */
export async function publicSettings(
  db: Db,
  channels: { mail: boolean; whatsapp: boolean },
): Promise<PublicSettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...PUBLIC_SETTING_KEYS]))
  const values = new Map(rows.map((r) => [r.key, r.value]))
  return {
    ...(Object.fromEntries(
      PUBLIC_SETTING_KEYS.map((k) => [k, values.get(k) ?? settingDefinition(k)?.default ?? '']),
    ) as Omit<PublicSettings, 'mail_enabled' | 'whatsapp_enabled'>),
    mail_enabled: channels.mail,
    whatsapp_enabled: channels.whatsapp,
  }
}

/**
 * product.md §7.2: PUT /settings carries the edited row (id, key, description, value) with no id in the path: the key
 * finds the row (the id only when the key is unknown). The value is checked per key; the key itself never changes.
 */
export async function updateSetting(db: Db, actor: Actor, input: UpdateSettingInput): Promise<Setting> {
  return db.transaction((tx) => writeSetting(tx, actor, input))
}

async function writeSetting(db: DbOrTx, actor: Actor, input: UpdateSettingInput): Promise<Setting> {
  let [row] = await db.select().from(settings).where(eq(settings.key, input.key)).limit(1)
  if (!row && input.id !== undefined)
    [row] = await db.select().from(settings).where(eq(settings.id, input.id)).limit(1)
  // Decision 0120: a key the registry knows can be set even where an older shop has no row for it yet.
  const def = settingDefinition(input.key)
  if (!row && !def) throw notFound()
  const key = row?.key ?? input.key
  const problem = validateSettingValue(key, input.value)
  if (problem) throw new AppError('VALIDATION_FAILED', 422, { fields: { value: [problem] } })
  const value = normalizeSettingValue(key, input.value)
  const description = input.description !== undefined ? { description: input.description } : {}
  const [updated] = row
    ? await db
        .update(settings)
        .set({ value, ...description, updatedAt: new Date() })
        .where(eq(settings.id, row.id))
        .returning()
    : await db
        .insert(settings)
        .values({ key, value, ...description })
        .onConflictDoUpdate({ target: settings.key, set: { value, ...description, updatedAt: new Date() } })
        .returning()
  // Decision 0192: a setting whose name says it holds a secret is written to the trail as hidden.
  const shown = (v: string | null | undefined) => (v == null ? v : isSecretName(key) ? HIDDEN : v)
  await recordAudit(db, actor, {
    action: 'setting.updated',
    entity: 'setting',
    entityId: key,
    before: row
      ? {
          value: shown(row.value),
          ...(input.description !== undefined ? { description: row.description } : {}),
        }
      : null,
    after: { value: shown(updated!.value), ...description },
  })
  return toSetting(updated!)
}
