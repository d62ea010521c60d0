-- Every order takes stock with an UPDATE of products. The locator's update trigger was a statement
-- trigger with transition tables (migration 0015), which PostgreSQL refuses to give a column list:
-- so it ran on every order, captured the old and new rows and joined them, only to find that no
-- column the store keys are built from had changed (0.12 ms of an order's statement).
-- Now a row trigger with a column list and a WHEN notes the sellers whose rows really changed in
-- one of those columns, in a transaction-local setting, and a statement trigger on the same
-- columns refreshes their keys once per statement, as before (a seller's CSV import that renames a
-- brand on 1,000 rows still refreshes that seller once). An UPDATE that sets neither of those
-- columns, like the stock's, runs neither trigger.
CREATE FUNCTION shop_locator_note_product_sellers() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  -- ',id1,id2,': each seller once, so a bulk update of one seller's rows stays short.
  noted text := coalesce(nullif(current_setting('revuhub.locator_sellers', true), ''), ',');
BEGIN
  IF position(',' || OLD.user_id || ',' IN noted) = 0 THEN noted := noted || OLD.user_id || ','; END IF;
  IF position(',' || NEW.user_id || ',' IN noted) = 0 THEN noted := noted || NEW.user_id || ','; END IF;
  PERFORM set_config('revuhub.locator_sellers', noted, true);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION shop_locator_refresh_noted_sellers() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  sellers text[] := array_remove(string_to_array(coalesce(current_setting('revuhub.locator_sellers', true), ''), ','), '');
BEGIN
  IF cardinality(sellers) > 0 THEN
    PERFORM set_config('revuhub.locator_sellers', '', true);
    PERFORM refresh_shop_locator_keys(sellers);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER products_locator_update ON products;--> statement-breakpoint
DROP FUNCTION shop_locator_keys_after_product_update();--> statement-breakpoint
-- Row triggers fire before the statement trigger of the same statement: every seller is noted
-- by the time the keys are refreshed.
CREATE TRIGGER products_locator_note AFTER UPDATE OF user_id, is_active, brand, child_category_name, source_user_id
  ON products FOR EACH ROW
  WHEN ((OLD.user_id, OLD.is_active, OLD.brand, OLD.child_category_name, OLD.source_user_id)
    IS DISTINCT FROM (NEW.user_id, NEW.is_active, NEW.brand, NEW.child_category_name, NEW.source_user_id))
  EXECUTE FUNCTION shop_locator_note_product_sellers();--> statement-breakpoint
CREATE TRIGGER products_locator_update AFTER UPDATE OF user_id, is_active, brand, child_category_name, source_user_id
  ON products FOR EACH STATEMENT EXECUTE FUNCTION shop_locator_refresh_noted_sellers();
