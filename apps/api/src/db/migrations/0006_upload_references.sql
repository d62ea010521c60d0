DROP INDEX "media_uploaded_by_idx";--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "referenced_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "media_unreferenced_idx" ON "media" USING btree ("created_at") WHERE "media"."referenced_at" is null;--> statement-breakpoint
CREATE INDEX "media_uploaded_by_idx" ON "media" USING btree ("uploaded_by","created_at");