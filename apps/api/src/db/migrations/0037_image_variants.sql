-- Smaller AVIF and WebP copies of uploaded images (issue 26, decision on image variants).
-- `variants`: null for videos and files; 'pending' until the background worker has made them,
-- then 'done' (`variant_widths` lists the widths made, each in both formats) or 'failed' after
-- its bounded retries. Images uploaded before this migration are made again in the background.
ALTER TABLE "media" ADD COLUMN "variants" text;
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "variant_widths" integer[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "variant_attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_variants_state" CHECK ("variants" IN ('pending', 'done', 'failed'));
--> statement-breakpoint
UPDATE "media" SET "variants" = 'pending' WHERE "type" = 'IMAGE';
--> statement-breakpoint
CREATE INDEX "media_variants_pending_idx" ON "media" USING btree ("created_at") WHERE "variants" = 'pending';
