-- A seller's own catalogue (disabled products too) in catalogue order, read by index as the public
-- page is (products_catalogue_idx holds active products only): without it the seller's page sorted
-- every product of the store. Its leading column serves every lookup by seller that
-- products_user_idx served.
CREATE INDEX "products_owner_catalogue_idx" ON "products" USING btree ("user_id","brand","gender","model","colour","size","id");--> statement-breakpoint
DROP INDEX "products_user_idx";
