-- Decision 0216 (issue 38): buying prices, unit costs and profit need the permission costs.view. The built-in rows
-- keep the list the code gives them (decision 0190; the owner, the manager and the accountant have it; the code, not
-- this row, is what their staff are given). A custom role keeps seeing costs where its permissions showed them as part
-- of their work: the figures with profit (stats.view), the sales file with its profit column (orders.export), the
-- product form and the product file with buying prices (products.manage, imports.manage). A role with only orders.view
-- loses them: that is the leak the issue closes. Hand-written; the schema does not change (snapshot as 0026's).
UPDATE "staff_roles" SET "permissions" = "permissions" || '["costs.view"]'::jsonb, "updated_at" = now()
WHERE NOT ("permissions" ? 'costs.view')
  AND ("key" IN ('owner', 'manager', 'accountant')
    OR ("key" IS NULL AND "permissions" ?| array['stats.view', 'orders.export', 'products.manage', 'imports.manage']));
