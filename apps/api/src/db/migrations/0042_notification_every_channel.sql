-- Issue 38: one fact may now send several messages (the buyer's and the seller's, each on every
-- channel its recipient has). `sent` names those that went, so a retry after a failed send
-- sends only the rest. The index finds an order's acceptance, cancellation and scheduled
-- reminder, so a seller is reminded once, and only of an order still waiting.
ALTER TABLE domain_events ADD COLUMN sent text[] NOT NULL DEFAULT '{}';--> statement-breakpoint
CREATE INDEX domain_events_order_idx ON domain_events ((payload->>'orderId'))
  WHERE type IN ('order.accepted', 'order.cancelled', 'order.acceptance-reminder');
