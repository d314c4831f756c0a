-- Decision 0214: an order keeps its customer's contact in parts beside the spec's joined texts (customer_name,
-- shipping_address, notes), which stay as they are. The orders placed before are split here by the rules of
-- domain/order-contact.ts (splitName, splitAddress, splitNotes), the reverse of how the checkout joined them:
-- "first last", "address, city, state" (the city as the shopper saw it: any of the order's city names),
-- "WhatsApp: <number>". Parts the text does not hold stay ''.
ALTER TABLE "orders" ADD COLUMN "first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "whatsapp" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "address_line" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE FUNCTION order_contact_split_address(shipping text, city_names text[], OUT address_line text, OUT state text)
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  t text := btrim(coalesce(shipping, ''), E' \t\r\n');
  name text;
  marker text;
  at integer;
  step integer;
  parts text[];
  n integer;
BEGIN
  FOREACH name IN ARRAY city_names LOOP
    name := btrim(coalesce(name, ''), E' \t\r\n');
    CONTINUE WHEN name = '';
    IF t = name THEN
      address_line := '';
      state := '';
      RETURN;
    END IF;
    -- The last ", <city>, " (lastIndexOf).
    marker := ', ' || name || ', ';
    at := 0;
    LOOP
      step := strpos(substr(t, at + 1), marker);
      EXIT WHEN step = 0;
      at := at + step;
    END LOOP;
    IF at > 0 THEN
      address_line := btrim(substr(t, 1, at - 1), E' \t\r\n');
      state := btrim(substr(t, at + length(marker)), E' \t\r\n');
      RETURN;
    END IF;
    IF right(t, length(name) + 2) = ', ' || name THEN
      address_line := btrim(left(t, length(t) - length(name) - 2), E' \t\r\n');
      state := '';
      RETURN;
    END IF;
  END LOOP;
  parts := ARRAY(SELECT btrim(p, E' \t\r\n') FROM unnest(string_to_array(t, ',')) WITH ORDINALITY AS u(p, i) ORDER BY i);
  n := coalesce(array_length(parts, 1), 0);
  IF n >= 3 THEN
    address_line := array_to_string(parts[1:n - 2], ', ');
    state := parts[n];
  ELSIF n = 2 THEN
    address_line := parts[1];
    state := '';
  ELSE
    address_line := t;
    state := '';
  END IF;
END
$$;--> statement-breakpoint
UPDATE "orders" o SET
  "first_name" = CASE WHEN strpos(n.name, ' ') = 0 THEN n.name ELSE left(n.name, strpos(n.name, ' ') - 1) END,
  "last_name" = CASE WHEN strpos(n.name, ' ') = 0 THEN '' ELSE btrim(substr(n.name, strpos(n.name, ' ') + 1), E' \t\r\n') END,
  "whatsapp" = coalesce(btrim((regexp_match(coalesce(o."notes", ''), w.pattern, 'i'))[1], E' \t\r\n'), ''),
  "customer_notes" = btrim(regexp_replace(coalesce(o."notes", ''), w.pattern, '', 'i'), E' \t\r\n'),
  "address_line" = a.address_line,
  "state" = a.state
FROM "orders" src
  CROSS JOIN LATERAL (SELECT btrim(src."customer_name", E' \t\r\n') AS name) n
  -- The number after "WhatsApp:" on one line (domain/order-contact.ts WHATSAPP_LINE).
  CROSS JOIN (SELECT 'WhatsApp:[ \t]*([+(0-9\u0660-\u0669\u06F0-\u06F9][0-9 ()\u0660-\u0669\u06F0-\u06F9-]{5,})' AS pattern) w
  CROSS JOIN LATERAL order_contact_split_address(
    src."shipping_address",
    ARRAY[src."city_name", src."translations" -> 'en' ->> 'city_name']
  ) a
WHERE o."id" = src."id";--> statement-breakpoint
DROP FUNCTION order_contact_split_address(text, text[]);
