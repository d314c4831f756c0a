-- Decision 0191: the stock ledger is kept by the database. Every change of a pack's stock writes one signed movement,
-- with the reason and actor the writer gave in the transaction-local setting shop.stock_context (domain/stock.ts
-- stockContext); a change made without one fails (SQLSTATE SK001), so no writer can move stock without saying why.
-- The stock each pack has now is its opening balance: from here on, a pack's stock is the sum of its movements.
INSERT INTO "stock_movements" ("product_id", "variant_id", "delta", "stock_after", "reason", "actor_kind", "actor_name")
SELECT "product_id", "id", "stock", "stock", 'opening_balance', 'system', 'migration'
FROM "product_variants" WHERE "stock" <> 0 ORDER BY "id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_stock_movement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change integer := NEW.stock - CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE coalesce(OLD.stock, 0) END;
  raw text;
  context jsonb;
BEGIN
  IF change = 0 THEN
    RETURN NULL;
  END IF;
  raw := current_setting('shop.stock_context', true);
  IF raw IS NULL OR raw = '' THEN
    RAISE EXCEPTION 'stock of pack % changed by % without a reason: call stockContext first', NEW.id, change
      USING ERRCODE = 'SK001';
  END IF;
  context := raw::jsonb;
  IF coalesce(context->>'reason', '') = '' OR coalesce(context->>'actor_kind', '') = '' THEN
    RAISE EXCEPTION 'stock of pack % changed without a reason or an actor: %', NEW.id, raw USING ERRCODE = 'SK001';
  END IF;
  INSERT INTO stock_movements (product_id, variant_id, delta, stock_after, reason, actor_kind, actor_user_id, actor_name, order_id, note)
  VALUES (
    NEW.product_id, NEW.id, change, NEW.stock,
    -- A new pack starts with its opening balance, whatever the transaction is doing besides.
    CASE WHEN TG_OP = 'INSERT' THEN 'opening_balance' ELSE context->>'reason' END,
    context->>'actor_kind', (context->>'actor_user_id')::integer, context->>'actor_name',
    (context->>'order_id')::integer, context->>'note'
  );
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_variants_stock_ledger AFTER INSERT OR UPDATE OF stock ON product_variants
  FOR EACH ROW EXECUTE FUNCTION record_stock_movement();
