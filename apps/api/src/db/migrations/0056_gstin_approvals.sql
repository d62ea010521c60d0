-- A GSTIN a seller gives waits for an admin's approval before their tax documents print it, and one
-- GSTIN serves several seller accounts only when an admin linked them as one legal entity (issue 40,
-- decision 069). `shops.gstin` stays what documents print: the GSTIN approved last.
CREATE TABLE "gstin_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"gstin" text NOT NULL,
	"pan" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_id" text REFERENCES "users"("id") ON DELETE SET NULL,
	"decided_by_name" text DEFAULT '' NOT NULL,
	CONSTRAINT "gstin_requests_state" CHECK ("state" in ('PENDING', 'APPROVED', 'REFUSED', 'WITHDRAWN')),
	CONSTRAINT "gstin_requests_pan_of_gstin" CHECK (substr("gstin", 3, 10) = "pan")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "gstin_requests_one_pending_key" ON "gstin_requests" ("seller_user_id") WHERE "state" = 'PENDING';
--> statement-breakpoint
CREATE INDEX "gstin_requests_pending_gstin_idx" ON "gstin_requests" ("gstin") WHERE "state" = 'PENDING';
--> statement-breakpoint
CREATE INDEX "gstin_requests_seller_idx" ON "gstin_requests" ("seller_user_id", "requested_at");
--> statement-breakpoint
CREATE TABLE "legal_entity_members" (
	"seller_user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"entity_id" text NOT NULL,
	"linked_by_id" text REFERENCES "users"("id") ON DELETE SET NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "legal_entity_members_entity_idx" ON "legal_entity_members" ("entity_id");
--> statement-breakpoint
CREATE INDEX "shops_gstin_idx" ON "shops" ("gstin") WHERE "gstin" <> '';
--> statement-breakpoint
-- A seller's GSTIN whose PAN part is not the PAN on their store was set in Tax details without
-- anyone checking it: it goes to the admin as a pending GSTIN and leaves their documents until
-- approved. A GSTIN carrying the store's PAN (the one the admin saw with the application) stays.
INSERT INTO "gstin_requests" ("id", "seller_user_id", "gstin", "pan")
SELECT DISTINCT ON (s."user_id") left(md5('gstin-request:' || s."user_id"), 24), s."user_id", s."gstin", substr(s."gstin", 3, 10)
FROM "shops" s
JOIN "users" u ON u."id" = s."user_id"
WHERE u."role" = 'SELLER' AND s."gstin" <> '' AND substr(s."gstin", 3, 10) <> s."pan"
ORDER BY s."user_id", s."created_at";
--> statement-breakpoint
UPDATE "shops" s SET "gstin" = ''
FROM "users" u
WHERE u."id" = s."user_id" AND u."role" = 'SELLER' AND s."gstin" <> '' AND substr(s."gstin", 3, 10) <> s."pan";
