-- Store locator at scale (issue 9). At 1,000,000 stores the nearby query spent its time outside the
-- 0.2 ms KNN lookup: planning and evaluating ll_to_earth() (an inlined SQL function whose result is
-- a domain with three CHECKs) for the index, the filter and the distance, and joining users for the
-- approval flag and isBrand of every row it read. The position is now stored, the owner's approval
-- and brand flag are copied onto each key row, and the index holds only approved sellers' keys, so
-- one index scan returns exactly the rows to show and only shops is joined (for the address).
ALTER TABLE "shop_locator_keys" ADD COLUMN "earth" cube GENERATED ALWAYS AS (ll_to_earth("latitude", "longitude")::cube) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_locator_keys" ADD COLUMN "approved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_locator_keys" ADD COLUMN "is_brand" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "shop_locator_keys" k SET "approved" = (u.role = 'SELLER' AND u.is_active), "is_brand" = u.is_brand
  FROM "shops" s JOIN "users" u ON u.id = s.user_id WHERE s.id = k.shop_id;--> statement-breakpoint
DROP INDEX "shop_locator_keys_key_earth_idx";--> statement-breakpoint
CREATE INDEX "shop_locator_keys_key_earth_idx" ON "shop_locator_keys" USING gist ("key","earth") WHERE "shop_locator_keys"."approved";--> statement-breakpoint
-- "Is this brand sold anywhere" also counts sellers waiting for approval; they are few.
CREATE INDEX "shop_locator_keys_unapproved_key_idx" ON "shop_locator_keys" USING btree ("key") WHERE not "shop_locator_keys"."approved";--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_shop_locator_keys(p_user_ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM shop_locator_keys k USING shops s
    WHERE k.shop_id = s.id AND s.user_id = ANY (p_user_ids);
  INSERT INTO shop_locator_keys (shop_id, key, latitude, longitude, approved, is_brand)
  SELECT s.id, x.key, s.latitude, s.longitude, o.role = 'SELLER' AND o.is_active, o.is_brand
  FROM shops s
  JOIN users o ON o.id = s.user_id
  CROSS JOIN LATERAL (
    SELECT 'category:' || lower(btrim(c.name)) AS key
      FROM jsonb_array_elements(s.sell_category) AS pc(value)
      CROSS JOIN LATERAL jsonb_array_elements_text(pc.value -> 'childCategory') AS c(name)
      WHERE btrim(c.name) <> ''
    UNION
    SELECT 'category:' || lower(btrim(p.child_category_name)) FROM products p
      WHERE p.user_id = s.user_id AND p.is_active AND btrim(p.child_category_name) <> ''
    UNION
    SELECT 'brand:' || lower(btrim(p.brand)) FROM products p
      WHERE p.user_id = s.user_id AND p.is_active AND btrim(p.brand) <> ''
    UNION
    SELECT 'partner:' || p.source_user_id FROM products p
      JOIN users b ON b.id = p.source_user_id AND b.is_brand
      WHERE p.user_id = s.user_id AND p.is_active AND p.source_user_id <> s.user_id
    UNION
    SELECT 'partner:' || bs.user_id FROM products p
      JOIN shops bs ON lower(bs.name) = lower(btrim(p.brand)) AND bs.user_id <> s.user_id
      JOIN users b ON b.id = bs.user_id AND b.is_brand
      WHERE p.user_id = s.user_id AND p.is_active AND btrim(p.brand) <> ''
  ) AS x
  WHERE s.user_id = ANY (p_user_ids) AND s.latitude IS NOT NULL AND s.longitude IS NOT NULL
  ON CONFLICT DO NOTHING;
END
$$;--> statement-breakpoint
-- Approving, deactivating or re-flagging a seller updates the copies on its stores' keys; other
-- writes to users (logins, profiles) do not fire it.
CREATE FUNCTION shop_locator_keys_after_owner_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shop_locator_keys k
    SET approved = NEW.role = 'SELLER' AND NEW.is_active, is_brand = NEW.is_brand
    FROM shops s
    WHERE s.user_id = NEW.id AND k.shop_id = s.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_locator_update AFTER UPDATE OF role, is_active, is_brand ON users FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.is_active IS DISTINCT FROM NEW.is_active
    OR OLD.is_brand IS DISTINCT FROM NEW.is_brand)
  EXECUTE FUNCTION shop_locator_keys_after_owner_update();
