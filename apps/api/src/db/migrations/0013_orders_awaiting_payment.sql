CREATE INDEX "orders_awaiting_payment_idx" ON "orders" USING btree ("created_at") WHERE "orders"."stock_held" and "orders"."payment_state" in ('CREATED', 'FAILED', 'CANCELLED');
