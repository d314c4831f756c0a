CREATE TABLE "couriers" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"tracking_url_pattern" text,
	"default_fee" numeric(12, 2) DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"driver_link_hash" text,
	"driver_link_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"settlement_id" integer NOT NULL,
	"line" integer NOT NULL,
	"order_number" text,
	"tracking_number" text,
	"collected" numeric(12, 2),
	"fee" numeric(12, 2),
	"shipment_id" integer,
	"outcome" text NOT NULL,
	"expected" numeric(12, 2),
	"got" numeric(12, 2)
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"source" text NOT NULL,
	"amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"collected_amount" numeric(12, 2),
	"condition" text,
	"actor_kind" text NOT NULL,
	"actor_name" text,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"courier_id" integer NOT NULL,
	"tracking_number" text,
	"status" text DEFAULT 'out_for_delivery' NOT NULL,
	"cod_amount" numeric(12, 2) NOT NULL,
	"collected_amount" numeric(12, 2),
	"fee" numeric(12, 2) DEFAULT 0 NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"returned_condition" text,
	"settlement_id" integer,
	"settled_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "courier_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier_fee" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settlement_lines_settlement_idx" ON "settlement_lines" USING btree ("settlement_id");--> statement-breakpoint
CREATE INDEX "settlements_courier_idx" ON "settlements" USING btree ("courier_id","created_at");--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_unique" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_courier_idx" ON "shipments" USING btree ("courier_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_tracking_unique" ON "shipments" USING btree ("courier_id","tracking_number") WHERE "shipments"."tracking_number" IS NOT NULL;--> statement-breakpoint
-- Decision 0237: the order clerk ships and records what happened at the door (delivery.manage); settlements have a
-- permission of their own, the owner's and the accountant's. The built-in rows keep the list the code gives them.
UPDATE "staff_roles" SET "permissions" = "permissions" || '["delivery.manage"]'::jsonb, "updated_at" = now()
WHERE "key" = 'order_clerk' AND NOT ("permissions" ? 'delivery.manage');--> statement-breakpoint
UPDATE "staff_roles" SET "permissions" = "permissions" || '["settlements.manage"]'::jsonb, "updated_at" = now()
WHERE "key" IN ('owner', 'accountant') AND NOT ("permissions" ? 'settlements.manage');
