-- Honest labels on reviews (issue 41), derived from orders and the ledger, never typed by the author:
-- 'earns-from-sales' once a sale through the review paid its author a referral reward, and
-- 'received-free' when the author got the product in an order that needed no payment.
ALTER TABLE "posts" ADD COLUMN "labels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Orders that gave a buyer the product without payment (a free sample the admin placed): a review
-- of it by that buyer says so.
CREATE TABLE "free_products" (
	"order_id" text PRIMARY KEY NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"buyer_user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"product_id" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "free_products_buyer_idx" ON "free_products" ("buyer_user_id", "product_id");
