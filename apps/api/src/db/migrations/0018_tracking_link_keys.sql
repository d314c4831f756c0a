-- Decision 0105: each order's tracking link is signed with a key of its own, which staff can renew. Orders placed
-- before keep null (their mailed links, signed without a key, keep working until staff renew it); new orders get a
-- random key from the column's default. Two statements, so that adding the column does not fill the existing rows.
ALTER TABLE "orders" ADD COLUMN "tracking_key" text;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "tracking_key" SET DEFAULT replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
-- The link's lifetime after an order closes, for shops seeded before it (a fresh install seeds it in seed-data.ts).
INSERT INTO "settings" ("key", "description", "value")
SELECT v.key, v.description, v.value
FROM (VALUES
  ('tracking_link_days_after_close', 'عدد الأيام التي يبقى فيها رابط تتبع الطلب صالحًا بعد اكتماله أو إلغائه', '30')
) AS v(key, description, value)
WHERE EXISTS (SELECT 1 FROM "settings")
ON CONFLICT ("key") DO NOTHING;
