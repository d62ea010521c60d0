-- Every order takes stock with an UPDATE of products, and the `products_answer` trigger rebuilt the
-- product's stored answer (migration 0038) on each one because the stock was part of it: 0.21 ms of
-- the order statement's 0.58, and a longer row to write, so fewer updates fit their page (HOT).
-- The stock now stays out of the stored answer (the hot reads add it from its column,
-- products.service.ts `answersJson`), and the trigger names its columns: an UPDATE that sets only
-- the stock (and `updated_at`) does not run it. A column added to the answer must be added to the
-- list below too; `product-answers.test.ts` compares every stored answer with the row after each
-- kind of write.
CREATE OR REPLACE FUNCTION "products_set_answer"() RETURNS trigger LANGUAGE plpgsql AS $$
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
DROP TRIGGER IF EXISTS "products_answer" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_answer" BEFORE INSERT OR UPDATE OF
  id, user_id, source_user_id, source_product_id, parent_category_name, child_category_name,
  prdct_name, tag_name, brand, model, original_price, dsct_price, dsct_percent, retail_original_price,
  retail_dsct_price, retail_dsct_percent, size, colour, gender, ownership_type, channel_type,
  description, media, seller_sku, sku_id, size_tags, dispatch_time, delivery, free_samples,
  sample_charge, sample_qty, credit_booster, credit_period, credit_is_avail, member_discount,
  auto_renewal, track_inventory, min_order_quantity, gst_rate, hsn_code, tags, is_active,
  answer_json, answer_images
  ON "products" FOR EACH ROW EXECUTE FUNCTION "products_set_answer"();
--> statement-breakpoint
-- Every stored product gets its answer without the stock: the trigger runs on this update.
UPDATE "products" SET "answer_json" = '';
