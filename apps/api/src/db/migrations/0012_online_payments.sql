CREATE TABLE "order_payment_holds" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expired_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"gateway" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"exchange_rate" numeric(14, 6),
	"order_amount" numeric(12, 2) NOT NULL,
	"invoice_no" text NOT NULL,
	"provider_ref" text,
	"provider_txn_id" text,
	"refund_id" text,
	"redirect_url" text,
	"claimed_at" timestamp with time zone,
	"otp_tries" integer DEFAULT 0 NOT NULL,
	"failure_code" text,
	"failure_message" text,
	"flag" text,
	"flag_resolved_at" timestamp with time zone,
	"flag_resolved_by" integer,
	"recorded_by" integer,
	"note" text,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_payment_holds" ADD CONSTRAINT "order_payment_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_flag_resolved_by_users_id_fk" FOREIGN KEY ("flag_resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_payment_holds_open_idx" ON "order_payment_holds" USING btree ("due_at") WHERE "order_payment_holds"."expired_at" is null and "order_payment_holds"."closed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_dedupe_unique" ON "payment_events" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_invoice_unique" ON "payments" USING btree ("invoice_no");--> statement-breakpoint
CREATE INDEX "payments_provider_ref_idx" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payments_provider_txn_idx" ON "payments" USING btree ("provider","provider_txn_id");--> statement-breakpoint
CREATE INDEX "payments_flag_idx" ON "payments" USING btree ("created_at") WHERE "payments"."flag" is not null and "payments"."flag_resolved_at" is null;;--> statement-breakpoint
INSERT INTO "settings" ("key", "description", "value")
SELECT v.key, v.description, v.value
FROM (VALUES
  ('usd_exchange_rate', 'سعر الدولار الأمريكي بالدينار لمدفوعات باي بال (فارغ يوقف باي بال)', ''),
  ('payment_expiry_minutes', 'مهلة الدفع الإلكتروني بالدقائق قبل إلغاء الطلب وإرجاع المخزون', '30')
) AS v(key, description, value)
WHERE EXISTS (SELECT 1 FROM "settings")
ON CONFLICT ("key") DO NOTHING;
