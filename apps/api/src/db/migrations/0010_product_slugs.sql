CREATE TABLE "product_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "slug" text;--> statement-breakpoint
-- Decision 0034: every product gets its address from its name (the English one when it has one, else the Arabic),
-- transliterated like domain/slug.ts does (Arabic letters to Latin, anything else to dashes, at most 80
-- characters); a name already taken gets "-<id>".
WITH "base" AS (
	SELECT "id", coalesce(nullif(trim(both '-' from left(regexp_replace(lower(translate(
		replace(replace(replace(replace(replace(replace(
			regexp_replace(coalesce(nullif(trim("translations"->'en'->>'name'), ''), "name"), '[\u064B-\u065F\u0670\u0640]', '', 'g'),
			'ث', 'th'), 'خ', 'kh'), 'ذ', 'dh'), 'ش', 'sh'), 'غ', 'gh'), 'چ', 'ch'),
		'ابتجحدرزسصضطظعفقكلمنهويةىءأإآؤئپڤگکی٠١٢٣٤٥٦٧٨٩',
		'abtjhdrzssdtzafqklmnhwyaaaaiauypvgky0123456789')), '[^a-z0-9]+', '-', 'g'), 80)), ''), 'product') AS "s"
	FROM "products"
), "numbered" AS (
	SELECT "id", "s", row_number() OVER (PARTITION BY "s" ORDER BY "id") AS "n" FROM "base"
)
UPDATE "products" SET "slug" = CASE WHEN "numbered"."n" = 1 THEN "numbered"."s" ELSE "numbered"."s" || '-' || "products"."id" END
FROM "numbered" WHERE "numbered"."id" = "products"."id";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_slug_redirects" ADD CONSTRAINT "product_slug_redirects_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_slug_redirects_product_idx" ON "product_slug_redirects" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_unique" ON "products" USING btree ("slug");
