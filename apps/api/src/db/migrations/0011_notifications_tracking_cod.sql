CREATE TABLE "shop_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "cod_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "cod_max_total" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "actor" text;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "action" text;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "event_key" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tracking_attempts_order_idx" ON "tracking_attempts" USING btree ("order_number","created_at");--> statement-breakpoint
CREATE INDEX "tracking_attempts_ip_idx" ON "tracking_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_event_key_unique" ON "mail_outbox" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" IS NULL;--> statement-breakpoint
-- Decision 0065: mails written before the outbox was retried were tried once (or kept without SMTP); they are not tried again.
UPDATE "mail_outbox" SET "next_attempt_at" = NULL, "attempts" = 1 WHERE "sent_at" IS NULL;--> statement-breakpoint
-- Decision 0067: a shop that already runs gets the staff list, set to its contact address (a fresh shop's seed sets it).
INSERT INTO "settings" ("key", "description", "value")
SELECT 'notify_emails', 'عناوين البريد التي تصلها الطلبات الجديدة (مفصولة بفواصل)', coalesce((SELECT "value" FROM "settings" WHERE "key" = 'contact_email'), '')
WHERE EXISTS (SELECT 1 FROM "settings")
ON CONFLICT DO NOTHING;
