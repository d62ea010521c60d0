-- A business buyer's GSTIN as given at checkout (issue 38, decision 056): printed on the order's
-- tax invoice as the recipient's GSTIN, before the buyer's store's own.
ALTER TABLE orders ADD COLUMN buyer_gstin text;
