-- Every committed write on orders, order items or users bumps sales_version, so a process can keep dashboard
-- answers until something they count changes (exact, across processes; product.md §10.13). Sharded and deferred to
-- commit like catalog_version (migration 0003): concurrent checkouts do not queue on one row.
CREATE TABLE IF NOT EXISTS "sales_version" (
	"shard" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_sales_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.sales_bumped', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('shop.sales_bumped', 'on', true);
    INSERT INTO sales_version (shard, version) VALUES (pg_backend_pid() % 16, 1)
      ON CONFLICT (shard) DO UPDATE SET version = sales_version.version + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_sales_version AFTER INSERT OR UPDATE OR DELETE ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_sales_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER order_items_sales_version AFTER INSERT OR UPDATE OR DELETE ON order_items
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_sales_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_sales_version AFTER INSERT OR UPDATE OR DELETE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_sales_version();--> statement-breakpoint
CREATE TRIGGER orders_sales_version_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION bump_sales_version();--> statement-breakpoint
CREATE TRIGGER users_sales_version_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bump_sales_version();
