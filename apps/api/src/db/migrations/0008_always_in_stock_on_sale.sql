-- Decision 0014: an always-in-stock product is now out of stock at 0 like any other. Until now such products were
-- on sale whatever their stock said, so those holding 0 or less get 1: the storefront keeps showing what it showed.
UPDATE "products" SET "stock" = 1, "updated_at" = now() WHERE "is_always_in_stock" AND "stock" <= 0;
