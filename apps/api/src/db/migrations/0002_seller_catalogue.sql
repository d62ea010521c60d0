ALTER TABLE "products" ADD COLUMN "sku_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "delivery" text DEFAULT 'Free' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "free_samples" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "auto_renewal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "products_catalogue_idx" ON "products" USING btree ("user_id","brand","gender","model","colour","size","id") WHERE "products"."is_active";