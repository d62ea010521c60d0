-- An order's seller is its product's owner, taken from the product in the order's own statement;
-- the product's key keeps it: a product never changes owner, and an account whose products have
-- orders cannot be deleted (the products go with the account, and orders keep their products).
-- A key of its own made every concurrent order of one seller share-lock the seller's account row,
-- and each order joining those locks wrote a new multixact of all of them: on the order bench that
-- doubled PostgreSQL's work per order (decision 078).
ALTER TABLE "orders" DROP CONSTRAINT "orders_seller_user_id_users_id_fk";
