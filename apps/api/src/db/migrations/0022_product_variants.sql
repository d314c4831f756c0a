CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sku" text,
	"retail_price" numeric(12, 2) NOT NULL,
	"retail_buying_price" numeric(12, 2),
	"wholesale_buying_price" numeric(12, 2),
	"stock" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_always_in_stock" boolean DEFAULT false NOT NULL,
	"weight_grams" integer,
	"volume_ml" integer,
	"image_id" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_stock_non_negative" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price_non_negative" CHECK ("product_variants"."retail_price" >= 0),
	CONSTRAINT "product_variants_sizes_positive" CHECK (coalesce("product_variants"."weight_grams", 1) > 0 AND coalesce("product_variants"."volume_ml", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "variant_price_tiers" (
	"variant_id" integer NOT NULL,
	"min_quantity" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "variant_price_tiers_variant_id_min_quantity_pk" PRIMARY KEY("variant_id","min_quantity"),
	CONSTRAINT "variant_price_tiers_min_quantity" CHECK ("variant_price_tiers"."min_quantity" >= 2),
	CONSTRAINT "variant_price_tiers_price_non_negative" CHECK ("variant_price_tiers"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_stock_non_negative";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_prices_non_negative";--> statement-breakpoint
DROP INDEX "products_sku_unique";--> statement-breakpoint
DROP INDEX "products_low_stock_idx";--> statement-breakpoint
ALTER TABLE "completed_sales_lines" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_price_tiers" ADD CONSTRAINT "variant_price_tiers_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_unique" ON "product_variants" USING btree (lower("sku")) WHERE "product_variants"."sku" IS NOT NULL AND "product_variants"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "product_variants_low_stock_idx" ON "product_variants" USING btree ("stock") WHERE "product_variants"."archived_at" IS NULL AND NOT "product_variants"."is_always_in_stock";--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" USING btree ("variant_id");--> statement-breakpoint
-- Decision 0150: every product becomes a product with one pack (the same id, so carts, links and reports that name
-- a product find its pack), with its prices, stock, SKU and flags; the spec's wholesale price and threshold become
-- the pack's first quantity break.
INSERT INTO "product_variants" ("id", "product_id", "position", "label", "translations", "sku", "retail_price",
  "retail_buying_price", "wholesale_buying_price", "stock", "is_active", "is_always_in_stock", "archived_at",
  "created_at", "updated_at")
SELECT "id", "id", 0, '', '{}'::jsonb, "sku", "retail_price", "retail_buying_price", "wholesale_buying_price",
  "stock", true, "is_always_in_stock", "archived_at", "created_at", "updated_at"
FROM "products";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('product_variants', 'id'), greatest((SELECT max("id") FROM "product_variants"), 1));--> statement-breakpoint
INSERT INTO "variant_price_tiers" ("variant_id", "min_quantity", "price")
SELECT "id", "wholesale_threshold", "wholesale_price" FROM "products"
WHERE "wholesale_price" IS NOT NULL AND "wholesale_threshold" IS NOT NULL AND "wholesale_threshold" >= 2;--> statement-breakpoint
-- Lines sold before packs: the product's one pack, and its SKU as it is now (the best record of the code sold).
UPDATE "order_items" i SET "variant_id" = v."id", "sku" = v."sku"
FROM "product_variants" v WHERE v."id" = i."product_id";--> statement-breakpoint
UPDATE "completed_sales_lines" c SET "variant_id" = i."variant_id"
FROM "order_items" i WHERE i."id" = c."line_id";--> statement-breakpoint
-- The sales lines keep their pack (per-pack reports, decision 0150).
CREATE OR REPLACE FUNCTION sync_sales_lines_from_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM completed_sales_lines WHERE line_id IN (SELECT id FROM old_items);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO completed_sales_lines (line_id, order_id, created_at, product_id, variant_id, orphan_name, quantity, revenue_cents)
    SELECT i.id, i.order_id, o.created_at, i.product_id, i.variant_id, CASE WHEN i.product_id IS NULL THEN i.product_name END,
           i.quantity, round(i.line_total * 100)::bigint
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
         i.quantity, round(i.line_total * 100)::bigint
  FROM new_orders n JOIN old_orders o ON o.id = n.id JOIN order_items i ON i.order_id = n.id
  WHERE n.order_status = 'completed' AND (o.order_status <> 'completed' OR n.created_at <> o.created_at);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Packs and their breaks are catalogue: a change (a sale's stock included) makes cached public lists stale
-- (decision 0019, migration 0003).
CREATE CONSTRAINT TRIGGER product_variants_catalog_version AFTER INSERT OR UPDATE OR DELETE ON product_variants
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER variant_price_tiers_catalog_version AFTER INSERT OR UPDATE OR DELETE ON variant_price_tiers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
CREATE TRIGGER product_variants_catalog_version_truncate AFTER TRUNCATE ON product_variants
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
CREATE TRIGGER variant_price_tiers_catalog_version_truncate AFTER TRUNCATE ON variant_price_tiers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "sku";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "retail_price";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "wholesale_price";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "wholesale_threshold";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "retail_buying_price";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "wholesale_buying_price";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "stock";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "is_always_in_stock";