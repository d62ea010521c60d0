CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"source_user_id" text,
	"source_product_id" text,
	"parent_category_name" text DEFAULT '' NOT NULL,
	"child_category_name" text DEFAULT '' NOT NULL,
	"prdct_name" text NOT NULL,
	"tag_name" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"original_price" integer DEFAULT 0 NOT NULL,
	"dsct_price" integer DEFAULT 0 NOT NULL,
	"dsct_percent" integer DEFAULT 0 NOT NULL,
	"retail_original_price" integer DEFAULT 0 NOT NULL,
	"retail_dsct_price" integer DEFAULT 0 NOT NULL,
	"retail_dsct_percent" integer DEFAULT 0 NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"colour" text DEFAULT '' NOT NULL,
	"gender" text DEFAULT '' NOT NULL,
	"ownership_type" text DEFAULT '' NOT NULL,
	"channel_type" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seller_sku" text DEFAULT '' NOT NULL,
	"dispatch_time" text DEFAULT '' NOT NULL,
	"free_delivery" text DEFAULT '100' NOT NULL,
	"sample_charge" integer DEFAULT 0 NOT NULL,
	"sample_qty" integer DEFAULT 0 NOT NULL,
	"credit_booster" integer DEFAULT 0 NOT NULL,
	"credit_period" text DEFAULT '0' NOT NULL,
	"credit_is_avail" boolean DEFAULT true NOT NULL,
	"member_discount" integer DEFAULT 0 NOT NULL,
	"inventory_quantity" integer DEFAULT 0 NOT NULL,
	"min_order_quantity" integer DEFAULT 1 NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" text PRIMARY KEY NOT NULL,
	"author_id" text,
	"author_name" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'IMAGE' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"invoice" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hashtags" text[] DEFAULT '{}'::text[] NOT NULL,
	"store_user_id" text,
	"brand_user_id" text,
	"query_id" text,
	"mention_inf_id" text,
	"mention_post_id" text,
	"is_private" boolean DEFAULT false NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_source_user_id_users_id_fk" FOREIGN KEY ("source_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_store_user_id_users_id_fk" FOREIGN KEY ("store_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_brand_user_id_users_id_fk" FOREIGN KEY ("brand_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_user_idx" ON "products" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand");--> statement-breakpoint
CREATE INDEX "products_model_idx" ON "products" USING btree ("model");--> statement-breakpoint
CREATE INDEX "posts_store_user_idx" ON "posts" USING btree ("store_user_id");--> statement-breakpoint
CREATE INDEX "posts_created_at_idx" ON "posts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "posts_brand_user_idx" ON "posts" USING btree ("brand_user_id");--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "posts" USING btree ("author_id");