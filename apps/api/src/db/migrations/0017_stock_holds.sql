-- Stock holds that end with the payment session (decision 019). An unpaid order keeps its stock
-- until hold_expires_at (10 minutes after it was placed); then the sweep closes its payment session
-- and gives the stock back. client_ip is the address that placed it, for the cap below.
ALTER TABLE "orders" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_ip" text;--> statement-breakpoint
-- Orders already waiting for payment get the new window from when they were placed: the first sweep
-- after this migration closes those older than 10 minutes.
UPDATE "orders" SET "hold_expires_at" = "created_at" + interval '10 minutes'
  WHERE "stock_held" AND "payment_state" IN ('CREATED', 'FAILED', 'CANCELLED');--> statement-breakpoint
-- The sweep reads holds by when they end; paid and free orders stay out of the index.
DROP INDEX "orders_awaiting_payment_idx";--> statement-breakpoint
CREATE INDEX "orders_stock_holds_idx" ON "orders" USING btree ("hold_expires_at")
  WHERE "stock_held" AND "payment_state" IN ('CREATED', 'FAILED', 'CANCELLED');--> statement-breakpoint
-- What each holder (an address 'ip:…' or a signed-in account 'user:…') holds unpaid right now: on
-- all products (product_id '') and on each product. The order that takes stock adds to these rows
-- in the same statement, refused beyond the caps; an order that is paid or released subtracts.
-- Counters and not a count of orders: concurrent orders of one holder queue on its row, so a burst
-- cannot pass the cap on PostgreSQL, where each statement sees only what was committed before it.
CREATE TABLE "stock_holds" (
	"holder" text NOT NULL,
	"product_id" text DEFAULT '' NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_holds_pkey" PRIMARY KEY ("holder", "product_id"),
	CONSTRAINT "stock_holds_not_negative" CHECK ("orders" >= 0 AND "units" >= 0)
);--> statement-breakpoint
-- The holds that exist already, filed under the account that placed them (no address was kept).
INSERT INTO "stock_holds" ("holder", "product_id", "orders", "units")
  SELECT 'user:' || o."placed_by_user_id", p."product_id", count(*), sum(o."quantity")
  FROM "orders" o
  CROSS JOIN LATERAL (VALUES (''), (o."product_id")) AS p("product_id")
  WHERE o."stock_held" AND o."payment_state" IN ('CREATED', 'FAILED', 'CANCELLED')
    AND o."placed_by_user_id" IS NOT NULL
  GROUP BY 1, 2;
