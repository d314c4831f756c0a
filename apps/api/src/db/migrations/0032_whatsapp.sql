CREATE TABLE "whatsapp_inbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"direction" text NOT NULL,
	"event" text NOT NULL,
	"template" text,
	"language" text,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"number" text NOT NULL,
	"event_key" text,
	"wa_id" text,
	"context_wa_id" text,
	"status" text NOT NULL,
	"outcome" text,
	"error_code" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"status_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "whatsapp_opt_outs" (
	"number" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_statuses" (
	"wa_id" text NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_statuses_wa_id_status_pk" PRIMARY KEY("wa_id","status")
);
--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "actor_whatsapp" text;--> statement-breakpoint
-- Decision 0236: orders placed before this release were never asked about WhatsApp: they stay false; new orders true.
ALTER TABLE "orders" ADD COLUMN "whatsapp_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "whatsapp_opt_in" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_inbox_due_idx" ON "whatsapp_inbox" USING btree ("received_at") WHERE "whatsapp_inbox"."processed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "whatsapp_messages_order_idx" ON "whatsapp_messages" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_event_key_unique" ON "whatsapp_messages" USING btree ("event_key");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_wa_id_unique" ON "whatsapp_messages" USING btree ("wa_id");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_due_idx" ON "whatsapp_messages" USING btree ("next_attempt_at") WHERE "whatsapp_messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "whatsapp_messages_number_idx" ON "whatsapp_messages" USING btree ("number","created_at");--> statement-breakpoint
-- Decision 0236: the WhatsApp settings (and the audit trail's retention, which had no row) for shops seeded before
-- them, so the settings screen lists them (a fresh install seeds them in seed-data.ts).
INSERT INTO "settings" ("key", "description", "value")
SELECT v.key, v.description, v.value
FROM (VALUES
  ('channel_order_received', 'كيف يُبلَّغ الزبون باستلام طلبه: البريد أو واتساب أو كلاهما', 'both'),
  ('channel_order_confirmed', 'كيف يُبلَّغ الزبون بتأكيد طلبه', 'both'),
  ('channel_order_shipped', 'كيف يُبلَّغ الزبون بخروج طلبه للتوصيل', 'both'),
  ('channel_order_completed', 'كيف يُبلَّغ الزبون بتسليم طلبه', 'both'),
  ('channel_order_cancelled', 'كيف يُبلَّغ الزبون بإلغاء طلبه', 'both'),
  ('whatsapp_template_confirm_request', 'اسم قالب واتساب لطلب تأكيد طلب الدفع عند الاستلام', 'order_confirm_request'),
  ('whatsapp_template_received', 'اسم قالب واتساب لاستلام الطلب', 'order_received'),
  ('whatsapp_template_confirmed', 'اسم قالب واتساب لتأكيد الطلب', 'order_confirmed'),
  ('whatsapp_template_shipped', 'اسم قالب واتساب لخروج الطلب للتوصيل', 'order_out_for_delivery'),
  ('whatsapp_template_completed', 'اسم قالب واتساب لتسليم الطلب', 'order_completed'),
  ('whatsapp_template_cancelled', 'اسم قالب واتساب لإلغاء الطلب', 'order_cancelled'),
  ('whatsapp_answer_hours', 'ساعات انتظار رد الزبون على طلب التأكيد قبل أن يُتصل به', '12'),
  ('audit_retention_days', 'مدة الاحتفاظ بسجل التدقيق بالأيام', '730')
) AS v(key, description, value)
WHERE EXISTS (SELECT 1 FROM "settings")
ON CONFLICT ("key") DO NOTHING;