-- Seller settlements and referral rewards that add up (issue 23, decision 033). Amounts are paise.
-- The rates the admin sets: one row.
CREATE TABLE "ledger_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"commission_bp" integer DEFAULT 0 NOT NULL,
	"tcs_bp" integer DEFAULT 50 NOT NULL,
	"tds_bp" integer DEFAULT 10 NOT NULL,
	"updated_by_user_id" text REFERENCES "users"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_settings_one_row" CHECK ("id" = 1),
	CONSTRAINT "ledger_settings_rates" CHECK ("commission_bp" BETWEEN 0 AND 5000 AND "tcs_bp" BETWEEN 0 AND 200 AND "tds_bp" BETWEEN 0 AND 500)
);
--> statement-breakpoint
INSERT INTO "ledger_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- One posting between the seller's account and a counter account (buyer payments, commission,
-- TCS payable, TDS payable, the seller's own cash, the bank). The sign is the effect on what the
-- platform owes the seller. A source key names the fact a row books, so no fact books twice.
CREATE TABLE "settlement_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_user_id" text NOT NULL REFERENCES "users"("id"),
	"order_id" text REFERENCES "orders"("id") ON DELETE set null,
	"kind" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"counter_account" text NOT NULL,
	"source_key" text NOT NULL,
	"reference" text,
	"created_by_user_id" text REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_entries_kind" CHECK ("kind" IN ('SALE', 'CASH_COLLECTED', 'COMMISSION', 'TCS', 'TDS', 'REFUND', 'CASH_REFUNDED', 'COMMISSION_REVERSAL', 'TCS_REVERSAL', 'TDS_REVERSAL', 'PAYOUT'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_entries_source_key" ON "settlement_entries" USING btree ("source_key");
--> statement-breakpoint
CREATE INDEX "settlement_entries_seller_idx" ON "settlement_entries" USING btree ("seller_user_id", "created_at");
--> statement-breakpoint
CREATE INDEX "settlement_entries_order_idx" ON "settlement_entries" USING btree ("order_id");
--> statement-breakpoint
-- A referrer's rewards: earned at delivery, reversed on refund, paid out by the admin.
CREATE TABLE "reward_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id"),
	"order_id" text REFERENCES "orders"("id") ON DELETE set null,
	"kind" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"source_key" text NOT NULL,
	"reference" text,
	"created_by_user_id" text REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_entries_kind" CHECK ("kind" IN ('EARNED', 'REVERSED', 'PAID_OUT', 'OPENING_BALANCE'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reward_entries_source_key" ON "reward_entries" USING btree ("source_key");
--> statement-breakpoint
CREATE INDEX "reward_entries_user_idx" ON "reward_entries" USING btree ("user_id", "created_at");
--> statement-breakpoint
-- Balances so far move into the ledger. Each order already credited keeps its reward as its own
-- row (so its delivery does not credit it again, and a refund reverses it)...
INSERT INTO "reward_entries" ("id", "user_id", "order_id", "kind", "amount_paise", "source_key", "created_at")
SELECT substr(md5('reward-earned:' || o."id"), 1, 24), o."referrer_user_id", o."id", 'EARNED',
       o."referrer_reward" * 100, 'reward-earned:' || o."id", coalesce(o."paid_at", o."created_at")
FROM "orders" o
WHERE o."reward_credited" AND o."referrer_user_id" IS NOT NULL AND o."referrer_reward" > 0;
--> statement-breakpoint
-- ...what the balances held beyond those orders is an opening balance, and what was rolled out
-- but no longer remaining was paid out before the ledger existed: the two numbers stay as they were.
INSERT INTO "reward_entries" ("id", "user_id", "kind", "amount_paise", "source_key")
SELECT substr(md5('reward-opening:' || u."id"), 1, 24), u."id", 'OPENING_BALANCE',
       greatest(u."total_rewards_rolledout", u."remaining_reward_amount") * 100 - coalesce(e."sum", 0),
       'reward-opening:' || u."id"
FROM "users" u
LEFT JOIN (SELECT "user_id", sum("amount_paise") AS "sum" FROM "reward_entries" GROUP BY "user_id") e ON e."user_id" = u."id"
WHERE greatest(u."total_rewards_rolledout", u."remaining_reward_amount") * 100 <> coalesce(e."sum", 0);
--> statement-breakpoint
INSERT INTO "reward_entries" ("id", "user_id", "kind", "amount_paise", "source_key")
SELECT substr(md5('reward-paid-before:' || u."id"), 1, 24), u."id", 'PAID_OUT',
       -(greatest(u."total_rewards_rolledout", u."remaining_reward_amount") - u."remaining_reward_amount") * 100,
       'reward-paid-before:' || u."id"
FROM "users" u
WHERE u."total_rewards_rolledout" > u."remaining_reward_amount";
--> statement-breakpoint
-- The two numbers are now computed from the ledger, never stored or typed.
CREATE VIEW "reward_balances" AS
SELECT "user_id",
       sum("amount_paise")::integer AS "remaining_paise",
       coalesce(sum("amount_paise") FILTER (WHERE "kind" <> 'PAID_OUT'), 0)::integer AS "total_paise"
FROM "reward_entries"
GROUP BY "user_id";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "remaining_reward_amount";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "total_rewards_rolledout";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "reward_credited";
--> statement-breakpoint
-- Every account gets an affiliate code it can change (unique regardless of case, migration 0018):
-- the ones without get one now, and new accounts on creation.
ALTER TABLE "users" ALTER COLUMN "affiliate_code" SET DEFAULT upper(substr(md5(random()::text || clock_timestamp()::text), 1, 10));
--> statement-breakpoint
UPDATE "users" SET "affiliate_code" = upper(substr(md5('affiliate:' || "id"), 1, 10)) WHERE "affiliate_code" = '';
