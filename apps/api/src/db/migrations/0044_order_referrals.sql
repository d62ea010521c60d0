-- Referral attribution (issue 38, decision 055): an order records how it got its referrer, a
-- contact number validated at checkout or a /refer link sent as influencerDetails, and a referrer
-- reads the orders they referred by this index.
ALTER TABLE orders ADD COLUMN referral_via text;--> statement-breakpoint
UPDATE orders SET referral_via = 'contact' WHERE referrer_user_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE orders ADD CONSTRAINT orders_referral_via_known
  CHECK (referral_via IN ('contact', 'link') AND referrer_user_id IS NOT NULL OR referral_via IS NULL);--> statement-breakpoint
CREATE INDEX orders_referrer_idx ON orders (referrer_user_id, created_at) WHERE referrer_user_id IS NOT NULL;
