-- GST tax invoices, bills of supply and credit notes (decision 031). Prices stay GST-inclusive; a
-- product gets a GST rate (existing products 18%, the common slab, until their seller says
-- otherwise) and an HSN code ('' until the seller gives it, and the seller console asks for it).
ALTER TABLE "products" ADD COLUMN "gst_rate" integer DEFAULT 18 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gst_rate_slab" CHECK ("products"."gst_rate" in (0, 5, 12, 18, 28));
--> statement-breakpoint
-- The seller's details as printed on their documents. Existing stores start from what they applied
-- with: the company name, the store's address, and the state of the GSTIN they gave.
ALTER TABLE "shops" ADD COLUMN "legal_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "legal_address" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "gst_state_code" text DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE "shops" SET
  "legal_name" = "company_name",
  "legal_address" = concat_ws(', ', nullif("address", ''), nullif("city", ''), nullif(trim("state" || ' ' || "pin_code"), '')),
  "gst_state_code" = CASE WHEN "gstin" ~ '^[0-9]{2}' THEN left("gstin", 2) ELSE '' END;
--> statement-breakpoint
-- The last number each seller took in each series and financial year. Taken with
-- UPDATE ... RETURNING in the transaction of the fact, so a rolled-back fact gives its number back
-- and the series has no gaps (a sequence would leave them).
CREATE TABLE "tax_document_counters" (
	"seller_user_id" text NOT NULL REFERENCES "users"("id"),
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_serial" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tax_document_counters_pk" PRIMARY KEY("seller_user_id","kind","financial_year"),
	CONSTRAINT "tax_document_counters_not_negative" CHECK ("last_serial" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL REFERENCES "orders"("id"),
	"seller_user_id" text NOT NULL REFERENCES "users"("id"),
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"serial" integer NOT NULL,
	"number" text NOT NULL,
	"refund_id" text,
	"total_paise" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_kind" CHECK ("kind" in ('TAX_INVOICE', 'BILL_OF_SUPPLY', 'CREDIT_NOTE')),
	CONSTRAINT "tax_documents_serial_positive" CHECK ("serial" > 0),
	CONSTRAINT "tax_documents_credit_note_refund" CHECK (("kind" = 'CREDIT_NOTE') = ("refund_id" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_serial_key" ON "tax_documents" USING btree ("seller_user_id","kind","financial_year","serial");
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_invoice_key" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."kind" <> 'CREDIT_NOTE';
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_refund_key" ON "tax_documents" USING btree ("refund_id") WHERE "tax_documents"."refund_id" is not null;
--> statement-breakpoint
-- An issued document never changes: a correction is a credit note, never an edit.
CREATE FUNCTION "tax_documents_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'tax document % is issued and cannot change', OLD."number";
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tax_documents_no_update" BEFORE UPDATE ON "tax_documents"
  FOR EACH ROW EXECUTE FUNCTION "tax_documents_immutable"();
