-- A shop upgraded from before migration 0022 runs 0022-0024 in one transaction: 0022's updates of order_items leave
-- deferred trigger events pending, and PostgreSQL refuses to ALTER a table with pending events. Fire them now.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
CREATE TABLE "order_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"promotion_id" integer,
	"code" text,
	"label" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"target" text NOT NULL,
	"order_item_id" integer,
	"amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_adjustments_amount_positive" CHECK ("order_adjustments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "promotion_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"phone_key" text NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"value_type" text NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"target" text NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"variant_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"min_subtotal" numeric(12, 2),
	"city_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"payment_methods" text[] DEFAULT '{}'::text[] NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"retail_only" boolean DEFAULT false NOT NULL,
	"combinable" boolean DEFAULT false NOT NULL,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_used_count_not_negative" CHECK ("promotions"."used_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_total" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_adjustments_order_idx" ON "order_adjustments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_adjustments_promotion_idx" ON "order_adjustments" USING btree ("promotion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_uses_order_unique" ON "promotion_uses" USING btree ("promotion_id","order_id");--> statement-breakpoint
CREATE INDEX "promotion_uses_phone_idx" ON "promotion_uses" USING btree ("promotion_id","phone_key") WHERE "promotion_uses"."released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "promotion_uses_user_idx" ON "promotion_uses" USING btree ("promotion_id","user_id") WHERE "promotion_uses"."released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "promotion_uses_order_idx" ON "promotion_uses" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_unique" ON "promotions" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "promotions_automatic_idx" ON "promotions" USING btree ("is_active") WHERE "promotions"."code" IS NULL;--> statement-breakpoint
-- Decision 0170: a line's revenue is net of its discounts (line_total − discount), so top products, revenue and profit
-- agree with what the shopper paid.
CREATE OR REPLACE FUNCTION sync_sales_lines_from_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM completed_sales_lines WHERE line_id IN (SELECT id FROM old_items);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO completed_sales_lines (line_id, order_id, created_at, product_id, variant_id, orphan_name, quantity, revenue_cents)
    SELECT i.id, i.order_id, o.created_at, i.product_id, i.variant_id, CASE WHEN i.product_id IS NULL THEN i.product_name END,
           i.quantity, round((i.line_total - i.discount) * 100)::bigint
    FROM new_items i JOIN orders o ON o.id = i.order_id
    WHERE o.order_status = 'completed';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION sync_sales_lines_from_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM completed_sales_lines c
  USING old_orders o JOIN new_orders n ON n.id = o.id
  WHERE c.order_id = o.id AND o.order_status = 'completed'
    AND (n.order_status <> 'completed' OR n.created_at <> o.created_at);
  INSERT INTO completed_sales_lines (line_id, order_id, created_at, product_id, variant_id, orphan_name, quantity, revenue_cents)
  SELECT i.id, i.order_id, n.created_at, i.product_id, i.variant_id, CASE WHEN i.product_id IS NULL THEN i.product_name END,
         i.quantity, round((i.line_total - i.discount) * 100)::bigint
  FROM new_orders n JOIN old_orders o ON o.id = n.id JOIN order_items i ON i.order_id = n.id
  WHERE n.order_status = 'completed' AND (o.order_status <> 'completed' OR n.created_at <> o.created_at);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The dashboard's revenue and profit (net of discounts) over a range read this index alone.
DROP INDEX IF EXISTS orders_created_totals_idx;--> statement-breakpoint
CREATE INDEX orders_created_totals_idx ON orders (created_at) INCLUDE (order_status, total_amount, subtotal, total_cost, discount_total);
