-- Decision 0019: every committed write on products or categories (admin forms, CSV imports,
-- checkout's stock decrements, cancellations) bumps catalog_version, so that API processes can cache public
-- product lists and still notice any change. Constraint triggers are deferred to commit: the shard row is
-- locked only while the transaction commits, never while it still waits on product rows (no lock cycle with
-- checkout), and a transaction bumps once however many rows it wrote.
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.catalog_bumped', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('shop.catalog_bumped', 'on', true);
    INSERT INTO catalog_version (shard, version) VALUES (pg_backend_pid() % 16, 1)
      ON CONFLICT (shard) DO UPDATE SET version = catalog_version.version + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_catalog_version AFTER INSERT OR UPDATE OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER categories_catalog_version AFTER INSERT OR UPDATE OR DELETE ON categories
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
CREATE TRIGGER products_catalog_version_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
CREATE TRIGGER categories_catalog_version_truncate AFTER TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
