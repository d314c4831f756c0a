-- Decision 0111: the return window the owner may set (empty: no return policy), for shops seeded before it (a fresh
-- install seeds it in seed-data.ts) so the settings screen shows it.
INSERT INTO "settings" ("key", "description", "value")
SELECT 'return_policy_days', 'مدة إرجاع المنتجات بالأيام (0 أو فارغ: بلا سياسة إرجاع)', ''
WHERE EXISTS (SELECT 1 FROM "settings")
ON CONFLICT ("key") DO NOTHING;
