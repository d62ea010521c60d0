-- Cash on delivery within the seller's limits (issue 40, decision 065): the hours a seller has to
-- accept an order (24 by default; orders already placed keep their deadline), the units one order
-- may have, and the units of one product that orders waiting for acceptance may hold together.
ALTER TABLE "delivery_terms" ADD COLUMN "cod_accept_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_terms" ADD COLUMN "cod_max_units_per_order" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_terms" ADD COLUMN "cod_max_waiting_units" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_terms" ADD CONSTRAINT "delivery_terms_cod_limits" CHECK ("cod_accept_hours" between 2 and 72 and "cod_max_units_per_order" between 1 and 100 and "cod_max_waiting_units" between 1 and 1000);
