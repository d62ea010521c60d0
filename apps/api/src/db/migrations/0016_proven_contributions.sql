-- A contribution sent without an account (a review, tag, query or order) whose contact belongs to an
-- existing account used to be saved as that account: anyone could publish as the admin or a seller.
-- Now it waits in contact_claims until the account holder confirms with a code sent to the account's
-- own contact (or signs in and publishes it), and is deleted after 7 days otherwise.
CREATE TABLE "contact_claims" (
  "id" text PRIMARY KEY NOT NULL,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  -- post | tag | query | order
  "kind" text NOT NULL,
  -- the post, query or order; for a bare tag, the tagged source post
  "subject_id" text NOT NULL,
  -- writes kept until confirmation: the tag's mentions, the post's wanted privacy, the profile
  "payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
  -- pending: waits for the code; confirmed: published; legacy: attributed by a contact match before
  -- this migration, for the admin to review; kept / removed: the admin's decision on a legacy one
  "state" text DEFAULT 'pending' NOT NULL,
  "sent_to" text,
  "client_ip" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "contact_claims_user_idx" ON "contact_claims" ("user_id", "state");
--> statement-breakpoint
CREATE INDEX "contact_claims_state_idx" ON "contact_claims" ("state", "created_at");
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "awaiting_confirmation" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "awaiting_confirmation" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_confirmed" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- A code may be bound to what it confirms (a claim, a pending application); sends are counted per
-- contact and per client address.
ALTER TABLE "verification_codes" ADD COLUMN "subject_id" text;
--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "client_ip" text;
--> statement-breakpoint
CREATE INDEX "verification_codes_ip_idx" ON "verification_codes" ("client_ip", "created_at") WHERE "client_ip" IS NOT NULL;
--> statement-breakpoint
-- A registration whose e-mail is held by an unproven account (a visitor's) waits here until the
-- code sent to that e-mail is entered; then the unproven account becomes the applicant, with its
-- earlier contributions, instead of being deleted.
CREATE TABLE "pending_applications" (
  "id" text PRIMARY KEY NOT NULL,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "application" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pending_applications_user_idx" ON "pending_applications" ("user_id");
--> statement-breakpoint
-- Repair. Contributions that may have been attributed by a contact match: every post, query and tag
-- of an account that is not a visitor account but got an influencer profile from a visitor form
-- (admin, team, sellers, applicants), and those of visitor and buyer accounts made more than a
-- minute after the account (a later form reused it); anonymous orders filed under an account that
-- existed before them. The admin reviews them (GET /api/admin/contributions).
INSERT INTO "contact_claims" ("id", "user_id", "kind", "subject_id", "state", "created_at")
SELECT left(md5('legacy-post-' || p.id), 24), p.author_id, 'post', p.id, 'legacy', p.created_at
FROM "posts" p JOIN "users" u ON u.id = p.author_id
WHERE (u.role IN ('ADMIN', 'TEAM', 'SELLER', 'USER')
       AND EXISTS (SELECT 1 FROM "influencer_profiles" f WHERE f.user_id = u.id))
   OR (u.details->>'kind' IN ('visitor', 'buyer') AND p.created_at > u.created_at + interval '1 minute');
--> statement-breakpoint
INSERT INTO "contact_claims" ("id", "user_id", "kind", "subject_id", "state", "created_at")
SELECT left(md5('legacy-query-' || q.id), 24), q.asker_id, 'query', q.id, 'legacy', q.created_at
FROM "queries" q JOIN "users" u ON u.id = q.asker_id
WHERE (u.role IN ('ADMIN', 'TEAM', 'SELLER', 'USER')
       AND EXISTS (SELECT 1 FROM "influencer_profiles" f WHERE f.user_id = u.id))
   OR (u.details->>'kind' IN ('visitor', 'buyer') AND q.created_at > u.created_at + interval '1 minute');
--> statement-breakpoint
INSERT INTO "contact_claims" ("id", "user_id", "kind", "subject_id", "payload", "state", "created_at")
SELECT left(md5('legacy-tag-' || m.id), 24), m.tagged_by_id, 'tag', m.source_post_id,
       jsonb_build_object('mentionId', m.id), 'legacy', m.created_at
FROM "mentions" m JOIN "users" u ON u.id = m.tagged_by_id
WHERE m.post_id IS NULL
  AND ((u.role IN ('ADMIN', 'TEAM', 'SELLER', 'USER')
        AND EXISTS (SELECT 1 FROM "influencer_profiles" f WHERE f.user_id = u.id))
    OR (u.details->>'kind' IN ('visitor', 'buyer') AND m.created_at > u.created_at + interval '1 minute'));
--> statement-breakpoint
INSERT INTO "contact_claims" ("id", "user_id", "kind", "subject_id", "state", "created_at")
SELECT left(md5('legacy-order-' || o.id), 24), o.buyer_user_id, 'order', o.id, 'legacy', o.created_at
FROM "orders" o JOIN "users" u ON u.id = o.buyer_user_id
WHERE o.placed_by_user_id IS NULL AND o.created_at > u.created_at + interval '1 minute';
--> statement-breakpoint
-- Visitor forms gave influencer profiles to the admin, the team and sellers (the admin then showed in
-- the public influencer list): those profiles go; approved experts keep theirs.
DELETE FROM "influencer_profiles" f USING "users" u
WHERE f.user_id = u.id AND u.role IN ('ADMIN', 'TEAM', 'SELLER', 'USER');
