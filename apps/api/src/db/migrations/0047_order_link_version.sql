-- An order's key (issue 40, decision 063) is an HMAC of its id and this version under the server's
-- signing secret: nothing secret is stored, and revoking the buyer's links moves the version on.
ALTER TABLE "orders" ADD COLUMN "link_version" integer DEFAULT 1 NOT NULL;
