CREATE TABLE "completed_sales_lines" (
	"line_id" integer PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"product_id" integer,
	"orphan_name" text,
	"quantity" integer NOT NULL,
	"revenue_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "completed_sales_lines_order_idx" ON "completed_sales_lines" USING btree ("order_id");