ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Decision 0122: the shop's name and description in English, for shops seeded before them (a fresh install seeds them
-- in seed-data.ts).
INSERT INTO "settings" ("key", "description", "value")
SELECT v.key, v.description, v.value
FROM (VALUES
  ('site_name_en', 'اسم المتجر بالإنجليزية', 'Golden Palm Farms'),
  ('site_description_en', 'وصف المتجر المختصر بالإنجليزية', 'Premium Libyan dates, palm offshoots, natural honey and olive oil from the farm to your home — retail and wholesale.')
) AS v(key, description, value)
WHERE EXISTS (SELECT 1 FROM "settings")
ON CONFLICT ("key") DO NOTHING;
