ALTER TABLE "promotions" ALTER COLUMN "retail_only" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lost_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lost_promotion_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_lost_promotion_id_promotions_id_fk" FOREIGN KEY ("lost_promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;