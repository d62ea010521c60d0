-- Hindi beside English (issue 26): the language a person chose, for the API's messages to them and
-- their e-mails and SMS. Every existing account keeps English, the product's default.
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language" CHECK ("language" IN ('en', 'hi'));
