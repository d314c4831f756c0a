CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" integer,
	"actor_name" text,
	"ip" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "staff_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" integer,
	"actor_name" text,
	"order_id" integer,
	"note" text,
	CONSTRAINT "stock_movements_delta_non_zero" CHECK ("stock_movements"."delta" <> 0)
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role_id" integer;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_roles_key_unique" ON "staff_roles" USING btree ("key");--> statement-breakpoint
CREATE INDEX "stock_movements_variant_idx" ON "stock_movements" USING btree ("variant_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_id_staff_roles_id_fk" FOREIGN KEY ("staff_role_id") REFERENCES "public"."staff_roles"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
-- Issue 30 (decision 0190): the built-in roles; the spec's admins become managers, super admins owners.
INSERT INTO "staff_roles" ("key", "name_ar", "name_en", "permissions") VALUES
  ('owner', 'المالك', 'Owner', '["orders.view", "orders.process", "orders.edit", "orders.export", "products.manage", "categories.manage", "stock.manage", "imports.manage", "offers.manage", "content.manage", "stats.view", "payments.view", "payments.manage", "delivery.manage", "settings.manage", "settings.payments", "customers.view", "customers.manage", "staff.manage", "audit.view"]'::jsonb),
  ('manager', 'المدير', 'Manager', '["orders.view", "orders.process", "orders.edit", "orders.export", "products.manage", "categories.manage", "stock.manage", "imports.manage", "offers.manage", "content.manage", "stats.view", "payments.view", "payments.manage", "delivery.manage", "settings.manage", "customers.view", "customers.manage", "audit.view"]'::jsonb),
  ('order_clerk', 'موظف الطلبات', 'Order clerk', '["orders.view", "orders.process"]'::jsonb),
  ('catalogue_editor', 'محرر الكتالوج', 'Catalogue editor', '["products.manage", "categories.manage", "stock.manage", "imports.manage"]'::jsonb),
  ('accountant', 'المحاسب', 'Accountant', '["stats.view", "orders.view", "orders.export", "payments.view"]'::jsonb);--> statement-breakpoint
UPDATE "users" SET "staff_role_id" = (SELECT "id" FROM "staff_roles" WHERE "key" = CASE "users"."role" WHEN 'super_admin' THEN 'owner' ELSE 'manager' END) WHERE "role" IN ('admin', 'super_admin');
