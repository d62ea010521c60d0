-- Each product's public answer as JSON text, kept on its row by a trigger (issue 24, decision 036):
-- the hot reads (a product by id, a store's catalogue page, the seller's own page) send it as it is
-- stored, instead of the server parsing some forty columns a product and encoding them again, or
-- PostgreSQL building the JSON on every read (1.4 ms of database CPU a catalogue page). The shape is
-- `toProduct`'s (apps/api/src/modules/products/product-mapping.ts, `productSchema` in the domain);
-- tests check every body made from it against that schema. Media items keep the schema's three
-- keys. `answer_images` lists the URLs of its images, for their smaller copies.
ALTER TABLE "products" ADD COLUMN "answer_json" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "answer_images" text[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "products_set_answer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.answer_json := json_build_object(
    '_id', NEW.id,
    'userId', json_build_object('_id', NEW.user_id),
    'sourceUserId', NEW.source_user_id,
    'sourceProductId', NEW.source_product_id,
    'prdct_attributes', json_build_object(
      'category', json_build_object(
        'parentCategoryName', NEW.parent_category_name,
        'childCategoryName', NEW.child_category_name),
      'prdct_name', NEW.prdct_name,
      'tagName', NEW.tag_name,
      'brand', NEW.brand,
      'model', NEW.model,
      'original_price', NEW.original_price,
      'dsct_price', NEW.dsct_price,
      'dsct_percent', NEW.dsct_percent,
      'retail_original_price', NEW.retail_original_price,
      'retail_dsct_price', NEW.retail_dsct_price,
      'retail_dsct_percent', NEW.retail_dsct_percent,
      'size', NEW.size,
      'colour', NEW.colour,
      'gender', NEW.gender,
      'ownership_type', NEW.ownership_type,
      'channel_type', NEW.channel_type,
      'description', NEW.description,
      'media', (SELECT coalesce(json_agg(json_build_object(
          'type', item.m ->> 'type', 'url', item.m ->> 'url', 'thumbnail', coalesce(item.m ->> 'thumbnail', ''))
          ORDER BY item.i), '[]'::json)
        FROM jsonb_array_elements(NEW.media) WITH ORDINALITY AS item(m, i)),
      'sellerSKU', NEW.seller_sku),
    'sku_id', NEW.sku_id,
    'size_tags', NEW.size_tags,
    'dispatch_time', NEW.dispatch_time,
    -- The spec's fixed value (FREE_DELIVERY_VALUE), whatever the column holds.
    'free_delivery', '100'::text,
    'delivery', NEW.delivery,
    'free_samples', NEW.free_samples,
    'sample_charge', NEW.sample_charge,
    'sample_qty', NEW.sample_qty,
    'credit_booster', NEW.credit_booster,
    'credit_period', NEW.credit_period,
    'credit_isAvail', NEW.credit_is_avail,
    'member_discount', NEW.member_discount,
    'auto_renewal', NEW.auto_renewal,
    'inventory_quantity', NEW.inventory_quantity,
    'track_inventory', NEW.track_inventory,
    'min_order_quantity', NEW.min_order_quantity,
    'gst_rate', NEW.gst_rate,
    'hsn_code', NEW.hsn_code,
    'tags', NEW.tags,
    'content', json_build_object('name', '', 'url', ''),
    'auditFields', json_build_object('isActive', NEW.is_active)
  )::text;
  NEW.answer_images := ARRAY(SELECT item ->> 'url' FROM jsonb_array_elements(NEW.media) item
    WHERE item ->> 'type' = 'IMAGE');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_answer" BEFORE INSERT OR UPDATE ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_set_answer"();
--> statement-breakpoint
-- Every stored product gets its answer: the trigger runs on this update.
UPDATE "products" SET "answer_json" = '';
