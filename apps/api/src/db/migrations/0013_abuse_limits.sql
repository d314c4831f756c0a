CREATE TABLE "rate_limit_hits" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Decision 0095: tracking misses move to rate_limit_hits; the ones still in their 15-minute window keep counting per IP
-- (the old rows never knew the phone that was typed).
INSERT INTO "rate_limit_hits" ("scope", "key", "created_at")
SELECT 'track:ip', "ip", "created_at" FROM "tracking_attempts" WHERE "created_at" > now() - interval '15 minutes';--> statement-breakpoint
DROP TABLE "tracking_attempts" CASCADE;--> statement-breakpoint
CREATE INDEX "rate_limit_hits_key_idx" ON "rate_limit_hits" USING btree ("scope","key","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_limit_hits_ref_unique" ON "rate_limit_hits" USING btree ("scope","key","ref") WHERE "rate_limit_hits"."ref" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limit_hits_created_idx" ON "rate_limit_hits" USING btree ("created_at");--> statement-breakpoint
-- Decision 0091: the order limits as settings, for shops seeded before them (a fresh install seeds them in seed-data.ts).
INSERT INTO "settings" ("key", "description", "value")
SELECT v.key, v.description, v.value
FROM (VALUES
  ('orders_per_ip_per_hour', 'أقصى عدد من الطلبات من عنوان إنترنت واحد في الساعة (0 بلا حد)', '10'),
  ('orders_per_phone_per_hour', 'أقصى عدد من الطلبات برقم هاتف واحد في الساعة (0 بلا حد)', '5'),
  ('orders_per_email_per_hour', 'أقصى عدد من الطلبات ببريد إلكتروني واحد في الساعة (0 بلا حد)', '5'),
  ('max_pending_cash_orders_per_phone', 'أقصى عدد من طلبات الدفع عند الاستلام التي تنتظر التأكيد لرقم هاتف واحد (0 بلا حد)', '3')
) AS v(key, description, value)
WHERE EXISTS (SELECT 1 FROM "settings")
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
-- Decision 0097: an amount a provider reported that was not the order's was kept in hundredths ("4985 LYD" for 49.85);
-- it is kept in units now, and the rows written before read the same way.
UPDATE "payments"
SET "failure_message" = trim(to_char(split_part("failure_message", ' ', 1)::numeric / 100, 'FM999999999990.00') || ' ' || split_part("failure_message", ' ', 2))
WHERE "failure_code" = 'amount_mismatch' AND "failure_message" ~ '^[0-9]{1,15}( [A-Za-z]{3})?$';
