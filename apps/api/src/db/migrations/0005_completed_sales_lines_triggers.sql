-- completed_sales_lines mirrors the lines of completed orders (with the order's date) so that the dashboard's
-- top products over a year scan one narrow index instead of joining every line to its order (performance.md,
-- dashboard stats).
-- Statement-level triggers with transition tables keep it exact in the same transaction as the change:
-- a status change into or out of 'completed' (orders), and lines added, changed (product erased → its
-- name is kept) or removed (order_items; deleting an order cascades here too).
CREATE OR REPLACE FUNCTION sync_sales_lines_from_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM completed_sales_lines WHERE line_id IN (SELECT id FROM old_items);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO completed_sales_lines (line_id, order_id, created_at, product_id, orphan_name, quantity, revenue_cents)
    SELECT i.id, i.order_id, o.created_at, i.product_id, CASE WHEN i.product_id IS NULL THEN i.product_name END,
           i.quantity, round(i.line_total * 100)::bigint
    FROM new_items i JOIN orders o ON o.id = i.order_id
    WHERE o.order_status = 'completed';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_items_sales_lines_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION sync_sales_lines_from_items();--> statement-breakpoint
CREATE TRIGGER order_items_sales_lines_update AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION sync_sales_lines_from_items();--> statement-breakpoint
CREATE TRIGGER order_items_sales_lines_delete AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION sync_sales_lines_from_items();--> statement-breakpoint
CREATE OR REPLACE FUNCTION sync_sales_lines_from_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM completed_sales_lines c
  USING old_orders o JOIN new_orders n ON n.id = o.id
  WHERE c.order_id = o.id AND o.order_status = 'completed'
    AND (n.order_status <> 'completed' OR n.created_at <> o.created_at);
  INSERT INTO completed_sales_lines (line_id, order_id, created_at, product_id, orphan_name, quantity, revenue_cents)
  SELECT i.id, i.order_id, n.created_at, i.product_id, CASE WHEN i.product_id IS NULL THEN i.product_name END,
         i.quantity, round(i.line_total * 100)::bigint
  FROM new_orders n JOIN old_orders o ON o.id = n.id JOIN order_items i ON i.order_id = n.id
  WHERE n.order_status = 'completed' AND (o.order_status <> 'completed' OR n.created_at <> o.created_at);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_sales_lines_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION sync_sales_lines_from_orders();--> statement-breakpoint
INSERT INTO completed_sales_lines (line_id, order_id, created_at, product_id, orphan_name, quantity, revenue_cents)
SELECT i.id, i.order_id, o.created_at, i.product_id, CASE WHEN i.product_id IS NULL THEN i.product_name END,
       i.quantity, round(i.line_total * 100)::bigint
FROM order_items i JOIN orders o ON o.id = i.order_id
WHERE o.order_status = 'completed';--> statement-breakpoint
CREATE INDEX completed_sales_lines_created_idx ON completed_sales_lines (created_at)
  INCLUDE (product_id, orphan_name, quantity, revenue_cents);--> statement-breakpoint
-- The dashboard's revenue, profit and order counts over a range read this index alone.
CREATE INDEX orders_created_totals_idx ON orders (created_at) INCLUDE (order_status, total_amount, subtotal, total_cost);
