-- A store's business phone and opening hours (decision 025): public business details the seller
-- chooses in the seller console, shown on the store locator and the store page. Unlike the owner's
-- own mobile and e-mail (users), these are meant to be seen.
ALTER TABLE "shops" ADD COLUMN "phone" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "opening_hours" text DEFAULT '' NOT NULL;
