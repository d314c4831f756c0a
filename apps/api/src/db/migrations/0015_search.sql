-- Decision 0140: search that understands how people type Arabic (issue 27). What is stored is folded by the same rule
-- as what is typed: search_fold() is packages/shared/src/search/normalize.ts's foldSearchText (its table, as the
-- arguments of translate(): characters past the length of the second argument are removed; then runs of spaces become
-- one, none at either end). A test runs both on random texts on PGlite and PostgreSQL (search-fold.test.ts). Written
-- with translate() and a plain-space regexp only, so that the result does not depend on the database's locale.
--
-- The products keep two folded texts, made by the database on every write (forms, imports, seed, the bench's loader):
--   search_name  the names of every language, one per line as E'\n name \n' (whole-name and prefix tests of the ranking);
--   search_text  names, descriptions, weight and origin of every language: what a search filters on, trigram-indexed.
-- The categories keep search_name. They replace the three trigram indexes on the raw texts and translations_search
-- (migration 0009), which nothing reads any more.
CREATE OR REPLACE FUNCTION search_fold(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT btrim(regexp_replace(translate(t,
      E'أإآٱؤئىیةک٠۰١۱٢۲٣۳٤۴٥۵٦۶٧۷٨۸٩۹AÀÁÂÃÄÅĀĂĄàáâãäåāăąBCÇĆČçćčDĎĐďđEÈÉÊËĒĖĘĚèéêëēėęěFGĞğHIÌÍÎÏĪĮİìíîïīįıJKLŁłĹĺĽľMNÑŃŇñńňOÒÓÔÕÖØŌŐòóôõöøōőPQRŘřŔŕSŚŠŞśšşTŤŢťţUÙÚÛÜŪŮŰŲùúûüūůűųVWXYÝŸýÿZŹŻŽźżž\u0009\u000a\u000b\u000c\u000d\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000ءـ\u064b\u064c\u064d\u064e\u064f\u0650\u0651\u0652\u0653\u0654\u0655\u0656\u0657\u0658\u0659\u065a\u065b\u065c\u065d\u065e\u065f\u0670\u0610\u0611\u0612\u0613\u0614\u0615\u0616\u0617\u0618\u0619\u061a\u06d6\u06d7\u06d8\u06d9\u06da\u06db\u06dc\u06df\u06e0\u06e1\u06e2\u06e3\u06e4ۥۦ\u06e7\u06e8\u06ea\u06eb\u06ec\u06ed\u00ad\u200b\u200c\u200d\u200e\u200f\u061c\u2066\u2067\u2068\u2069\u202a\u202b\u202c\u202d\u202e\ufeff',
      E'ااااويييهك00112233445566778899aaaaaaaaaaaaaaaaaaabcccccccdddddeeeeeeeeeeeeeeeeefggghiiiiiiiiiiiiiiijklllllllmnnnnnnnooooooooooooooooopqrrrrrssssssstttttuuuuuuuuuuuuuuuuuvwxyyyyyzzzzzzz\u0020\u0020\u0020\u0020\u0020\u0020\u0020\u0020\u0020\u0020\u0020\u0020\u0020\u0020\u0020\u0020\u0020\u0020\u0020\u0020\u0020\u0020\u0020'), ' {2,}', ' ', 'g'), ' ')
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_names(name text, t jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT E'\n ' || coalesce(search_fold(name), '') || coalesce((
      SELECT string_agg(E' \n ' || search_fold(l.value ->> 'name'), '')
      FROM jsonb_each(t) AS l
      WHERE jsonb_typeof(l.value) = 'object' AND coalesce(l.value ->> 'name', '') <> ''
    ), '') || E' \n'
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_text(name text, description text, attributes jsonb, t jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT search_fold(concat_ws(' ', name, description, attributes ->> 'weight', attributes ->> 'origin', (
      SELECT string_agg(concat_ws(' ', l.value ->> 'name', l.value ->> 'description', l.value ->> 'weight',
        l.value ->> 'origin'), ' ')
      FROM jsonb_each(t) AS l
      WHERE jsonb_typeof(l.value) = 'object'
    )))
  $$;--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_description_trgm_idx";--> statement-breakpoint
DROP INDEX "products_translations_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "translations_search";--> statement-breakpoint
DROP FUNCTION translations_search_text(jsonb);--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_names(name, translations)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_names(name, translations)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (product_search_text(name, description, attributes, translations)) STORED;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);
