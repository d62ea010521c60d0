-- Untracked stock (decision 022). A product created without a stock count (the spec's payload has
-- no stock field) does not count its stock: it can always be ordered and never takes or gives back
-- units. The column defaults to tracked so rows written with a count (seed, older clients) keep
-- the no-oversell rule; the API sets it on every product it creates.
ALTER TABLE "products" ADD COLUMN "track_inventory" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Existing products with stock stay tracked. One at 0 that no order ever took from was created
-- without a count (nothing could buy it): it becomes untracked. One at 0 that orders emptied is sold
-- out and stays tracked, so it is never oversold.
UPDATE "products" SET "track_inventory" = false
  WHERE "inventory_quantity" = 0
    AND NOT EXISTS (SELECT 1 FROM "orders" WHERE "orders"."product_id" = "products"."id");--> statement-breakpoint
-- Whether an order took its units off a counted stock: an order of an untracked product took none,
-- so releasing it gives none back, even when the seller has turned tracking on since.
ALTER TABLE "orders" ADD COLUMN "stock_counted" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- A product page lists the public reviews that tag the product: posts whose products hold its id.
CREATE INDEX "posts_products_idx" ON "posts" USING gin ("products" jsonb_path_ops);
