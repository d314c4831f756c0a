CREATE TABLE "shop_content" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"document" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_content_one_row" CHECK ("shop_content"."id" = 1)
);
