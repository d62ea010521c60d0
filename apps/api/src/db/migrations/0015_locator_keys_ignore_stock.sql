-- Every order takes stock with an UPDATE of products, and the locator's statement-level trigger
-- rebuilt the seller's store keys after each one: a scan of the seller's whole catalogue and a
-- delete and re-insert of its keys (GiST entries included) per order, with every order of one
-- seller queueing on the same key rows. Only the columns the keys are built from matter
-- (refresh_shop_locator_keys): user_id, is_active, brand, child_category_name, source_user_id.
-- A column list cannot be put on a trigger with transition tables, so the function compares the
-- old and new rows itself and refreshes only the sellers whose rows changed in one of those.
CREATE FUNCTION shop_locator_keys_after_product_update() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  sellers text[];
BEGIN
  sellers := ARRAY(
    SELECT DISTINCT x.user_id FROM old_rows o
      JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.user_id), (n.user_id)) AS x(user_id)
      WHERE (o.user_id, o.is_active, o.brand, o.child_category_name, o.source_user_id)
        IS DISTINCT FROM (n.user_id, n.is_active, n.brand, n.child_category_name, n.source_user_id)
  );
  IF cardinality(sellers) > 0 THEN
    PERFORM refresh_shop_locator_keys(sellers);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER products_locator_update ON products;--> statement-breakpoint
CREATE TRIGGER products_locator_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_locator_keys_after_product_update();
