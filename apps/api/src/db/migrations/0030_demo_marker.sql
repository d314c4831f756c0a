-- Decision 0225: the demo shop's rows carry a marker written by the seed, so "remove demo data" removes exactly them
-- and never the owner's own rows.
-- A shop upgraded from before 0027 runs 0027's updates of orders in the same transaction: their deferred trigger events
-- are still pending, and PostgreSQL refuses to ALTER a table with pending events (as 0024). Fire them now.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- data
-- A shop seeded before this migration: its seed's rows are recognised as the seed wrote them. The catalogue was
-- written in the same transaction as the first settings (same now()); demo customers and demo orders use the
-- seed's example.ly addresses and its "WhatsApp:" note; the demo offers are its two codes and two named offers,
-- created within the hour of the first start.
UPDATE "categories" SET "is_demo" = true WHERE "created_at" = (SELECT min("created_at") FROM "settings");--> statement-breakpoint
UPDATE "products" SET "is_demo" = true WHERE "created_at" = (SELECT min("created_at") FROM "settings");--> statement-breakpoint
UPDATE "users" SET "is_demo" = true WHERE "role" = 'user' AND "email" ~ '^shopper[1-6]@example\.ly$';--> statement-breakpoint
UPDATE "orders" SET "is_demo" = true
WHERE "customer_email" ~ '^(customer[0-9]+|shopper[1-6])@example\.ly$' AND "notes" LIKE 'WhatsApp: +2189%';--> statement-breakpoint
UPDATE "promotions" SET "is_demo" = true
WHERE ("code" IN ('WELCOME10', 'FB15')
    OR "name" IN ('خصم العيد 10٪ على التمور', 'توصيل مجاني إلى طرابلس فوق 200 د.ل'))
  AND "created_at" < (SELECT min("created_at") FROM "settings") + interval '1 hour';
