-- Cancelling an order puts back what checkout took: each line records whether its units came out of stock
-- (always-in-stock products are not counted down). Lines written before this column existed take the product's
-- flag as it is now, which is what cancelling read until then.
ALTER TABLE "order_items" ADD COLUMN "takes_stock" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "order_items" SET "takes_stock" = false
  FROM "products" WHERE "products"."id" = "order_items"."product_id" AND "products"."is_always_in_stock";
