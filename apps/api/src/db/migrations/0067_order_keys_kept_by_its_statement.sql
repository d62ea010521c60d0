-- Every order is written by one statement (take-stock.repository.ts), which takes stock from its
-- product's row and takes its seller from that row, and which key-share locks its buyer's and
-- placer's accounts as their foreign keys did (refused without them). So an order cannot name a
-- product or an account that is not there. The three foreign keys checked that again for each
-- order, each a query of its own that PostgreSQL starts and ends after the insert: on the order
-- bench about 90 µs of the database's time an order (decision 081). What else the keys did is kept
-- by triggers, with the keys' errors and names: a product or an account that orders name cannot be
-- deleted nor change its id, and an order cannot be moved to a product or an account that is not
-- there. The referrer's key stays: it is checked only on the few orders that have one.
ALTER TABLE "orders" DROP CONSTRAINT "orders_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_buyer_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_placed_by_user_id_users_id_fk";
--> statement-breakpoint
CREATE FUNCTION orders_key_refused(key text, key_value text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'update or delete violates foreign key constraint "%" on table "orders"', key
    USING ERRCODE = 'foreign_key_violation', CONSTRAINT = key, TABLE = 'orders',
      DETAIL = format('Key (%s) is still referenced from table "orders".', key_value);
END
$$;
--> statement-breakpoint
-- A volatile function takes a fresh snapshot for each statement (read committed): an order
-- committed while the row waited for its lock is seen.
CREATE FUNCTION products_keep_ordered() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM orders WHERE product_id = OLD.id) THEN
    PERFORM orders_key_refused('orders_product_id_products_id_fk', 'id=' || OLD.id);
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE FUNCTION users_keep_ordering() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM orders WHERE buyer_user_id = OLD.id) THEN
    PERFORM orders_key_refused('orders_buyer_user_id_users_id_fk', 'id=' || OLD.id);
  END IF;
  IF EXISTS (SELECT 1 FROM orders WHERE placed_by_user_id = OLD.id) THEN
    PERFORM orders_key_refused('orders_placed_by_user_id_users_id_fk', 'id=' || OLD.id);
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
-- BEFORE DELETE: the row is locked before the trigger runs, so no order takes it meanwhile. An id
-- change is caught AFTER, not BEFORE: a BEFORE ROW UPDATE trigger makes PostgreSQL compute stored
-- generated columns again on every update (migration 0066); only a changed id reaches these.
CREATE TRIGGER "products_keep_ordered_delete" BEFORE DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION products_keep_ordered();
--> statement-breakpoint
CREATE TRIGGER "products_keep_ordered_id" AFTER UPDATE OF id ON "products"
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION products_keep_ordered();
--> statement-breakpoint
CREATE TRIGGER "users_keep_ordering_delete" BEFORE DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION users_keep_ordering();
--> statement-breakpoint
CREATE TRIGGER "users_keep_ordering_id" AFTER UPDATE OF id ON "users"
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION users_keep_ordering();
--> statement-breakpoint
-- The referencing side of an update: an order moved to another product or account needs it there,
-- key-share locked as the keys did until the update commits.
CREATE FUNCTION orders_keys_present() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM products WHERE id = NEW.product_id FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insert or update on table "orders" violates foreign key constraint "orders_product_id_products_id_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'orders_product_id_products_id_fk', TABLE = 'orders';
  END IF;
  PERFORM 1 FROM users WHERE id = NEW.buyer_user_id FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insert or update on table "orders" violates foreign key constraint "orders_buyer_user_id_users_id_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'orders_buyer_user_id_users_id_fk', TABLE = 'orders';
  END IF;
  IF NEW.placed_by_user_id IS NOT NULL THEN
    PERFORM 1 FROM users WHERE id = NEW.placed_by_user_id FOR KEY SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'insert or update on table "orders" violates foreign key constraint "orders_placed_by_user_id_users_id_fk"'
        USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'orders_placed_by_user_id_users_id_fk', TABLE = 'orders';
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_keys_present" AFTER UPDATE OF product_id, buyer_user_id, placed_by_user_id ON "orders"
  FOR EACH ROW WHEN (OLD.product_id IS DISTINCT FROM NEW.product_id
    OR OLD.buyer_user_id IS DISTINCT FROM NEW.buyer_user_id
    OR OLD.placed_by_user_id IS DISTINCT FROM NEW.placed_by_user_id)
  EXECUTE FUNCTION orders_keys_present();
