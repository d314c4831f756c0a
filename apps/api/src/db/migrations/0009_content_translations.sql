-- Decision 0055: content languages. Arabic stays in each table's own columns (the main language, required); every
-- other language goes into one `translations` JSON object per row, `{"en": {"name": …, "description": …}}`, so a
-- third language is one more key and needs no migration per field. Existing rows keep their Arabic texts where they
-- are (nothing to backfill) and start with no translations (`{}`: English falls back to Arabic, decision 0056).
-- Order lines and orders keep the names in every language at the time of sale (decision 0058).
--
-- The storefront search matches every language on trigram indexes (no full scan at 100,000 products): Arabic on
-- the existing indexes of name and description, every other language on the index of `products.translations_search`,
-- the names and descriptions of all languages in `translations` (one per line), made by this function and stored by
-- the database (adding it rewrites the products table once). Stored rather than an index on the function: a trigram
-- match is rechecked on every candidate row, and reading a text is cheaper than rebuilding it from the JSON (count of
-- an English term matching 20,000 of 100,000 products on the bench machine: 205 ms with an index on the function,
-- 123 ms with the stored text; a page of 12 takes under 1 ms either way).
-- IMMUTABLE is true: the result depends on the argument only (jsonb keys come out in a fixed order).
CREATE OR REPLACE FUNCTION translations_search_text(t jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT coalesce(string_agg(concat_ws(E'\n', l.value ->> 'name', l.value ->> 'description'), E'\n'), '')
    FROM jsonb_each(t) AS l
    WHERE jsonb_typeof(l.value) = 'object'
  $$;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "translations_search" text GENERATED ALWAYS AS (translations_search_text(translations)) STORED;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "language" text DEFAULT 'ar' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_en_unique" ON "categories" USING btree (lower("translations" -> 'en' ->> 'name'));--> statement-breakpoint
CREATE INDEX "products_translations_trgm_idx" ON "products" USING gin ("translations_search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "cities_name_en_unique" ON "cities" USING btree (lower("translations" -> 'en' ->> 'name'));