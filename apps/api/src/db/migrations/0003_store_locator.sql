-- Store locator (issue 9): nearest shops by category, brand or brand partnership, index-backed on
-- the embedded and an outside PostgreSQL alike. cube + earthdistance give ll_to_earth() and a KNN
-- distance operator; btree_gist lets one GiST index hold the key (equality) and the position
-- (nearest first).
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "shop_locator_keys" (
	"shop_id" text NOT NULL,
	"key" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	CONSTRAINT "shop_locator_keys_shop_id_key_pk" PRIMARY KEY("shop_id","key")
);
--> statement-breakpoint
ALTER TABLE "shop_locator_keys" ADD CONSTRAINT "shop_locator_keys_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_locator_keys_key_earth_idx" ON "shop_locator_keys" USING gist ("key",ll_to_earth("latitude", "longitude"));--> statement-breakpoint
-- Brand names are matched to brand shops case-insensitively when partner keys are computed.
CREATE INDEX "shops_lower_name_idx" ON "shops" (lower("name"));--> statement-breakpoint
-- Recomputes the locator keys of every shop of the given sellers from their shop and products:
-- category:<child category> from the shop's sell categories and its active products,
-- brand:<brand> for every brand it sells, and partner:<brand user id> for every brand whose products
-- it carries (a clone whose source is that brand, or a product named with that brand shop's name);
-- partner keys only ever name brand accounts.
CREATE FUNCTION refresh_shop_locator_keys(p_user_ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM shop_locator_keys k USING shops s
    WHERE k.shop_id = s.id AND s.user_id = ANY (p_user_ids);
  INSERT INTO shop_locator_keys (shop_id, key, latitude, longitude)
  SELECT s.id, x.key, s.latitude, s.longitude
  FROM shops s
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
-- Statement-level triggers with transition tables: a bulk insert of products refreshes each seller once.
CREATE FUNCTION shop_locator_keys_after_write() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_shop_locator_keys(ARRAY(SELECT DISTINCT user_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_shop_locator_keys(ARRAY(SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows));
  ELSE
    PERFORM refresh_shop_locator_keys(ARRAY(SELECT DISTINCT user_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER shops_locator_insert AFTER INSERT ON shops REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_locator_keys_after_write();--> statement-breakpoint
CREATE TRIGGER shops_locator_update AFTER UPDATE ON shops REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_locator_keys_after_write();--> statement-breakpoint
CREATE TRIGGER products_locator_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_locator_keys_after_write();--> statement-breakpoint
CREATE TRIGGER products_locator_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_locator_keys_after_write();--> statement-breakpoint
CREATE TRIGGER products_locator_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_locator_keys_after_write();--> statement-breakpoint
-- Shops that existed before this migration.
SELECT refresh_shop_locator_keys(ARRAY(SELECT DISTINCT user_id FROM shops));
