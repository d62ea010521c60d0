-- Team rights (decision 028): what the admin lets each team member do. One row per granted right;
-- the admin holds every right without rows. Who granted it and when are kept with the row.
CREATE TABLE "team_rights" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"granted_by_id" text REFERENCES "users"("id") ON DELETE set null,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_rights_user_id_name_pk" PRIMARY KEY("user_id","name")
);
--> statement-breakpoint
-- Before rights existed every team member moderated reviews and could read the order list through
-- the API: existing members keep both; approving sellers stays the admin's until granted.
INSERT INTO "team_rights" ("user_id", "name")
  SELECT "id", "right" FROM "users", (VALUES ('moderate'), ('see-orders')) AS granted("right")
  WHERE "users"."role" = 'TEAM';
