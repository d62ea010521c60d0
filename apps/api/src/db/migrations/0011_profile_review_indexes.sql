DROP INDEX "posts_store_user_idx";--> statement-breakpoint
DROP INDEX "posts_brand_user_idx";--> statement-breakpoint
DROP INDEX "posts_influencer_user_idx";--> statement-breakpoint
CREATE INDEX "posts_store_user_idx" ON "posts" USING btree ("store_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_brand_user_idx" ON "posts" USING btree ("brand_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_influencer_user_idx" ON "posts" USING btree ("influencer_user_id","created_at","id");
