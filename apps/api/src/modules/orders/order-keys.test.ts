import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { createTestApp, createUser, type TestApp } from '../../test/test-app.js';
import { findPricedProduct } from './order-context.repository.js';
import { makeProduct, makeSeller, orderValues as values, stockOf } from './orders-test-helpers.js';
import { CHECKOUT_TEST_ENV } from './checkout-test-helpers.js';
import * as repo from './take-stock.repository.js';

// The order's foreign keys on its product, buyer and placer are kept by its one statement and by
// triggers on the other side (migration 0067, decision 081).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(CHECKOUT_TEST_ENV);
});
afterAll(async () => {
  await t.close();
});

describe("an order's keys without foreign keys", () => {
  it("keeps an ordered product without the order's key: not deleted, its id not changed (migration 0067)", async () => {
    const seller = await makeSeller(t);
    const ordered = await makeProduct(t, seller, 10);
    const unordered = await makeProduct(t, seller, 10);
    const buyer = await createUser(t.db);
    await repo.insertOrderTakingStock(t.db, (await findPricedProduct(t.db, ordered))!, 1, values(buyer.id));
    const refused = { code: '23503', constraint: 'orders_product_id_products_id_fk' };
    await expect(t.pool.query('delete from products where id = $1', [ordered])).rejects.toMatchObject(
      refused,
    );
    await expect(
      t.pool.query('update products set id = $2 where id = $1', [ordered, newId()]),
    ).rejects.toMatchObject(refused);
    expect((await t.pool.query('select 1 from products where id = $1', [ordered])).rowCount).toBe(1);
    // Edits that leave the id alone, and a product nobody ordered, are not held back.
    await t.pool.query("update products set prdct_name = 'Renamed', id = id where id = $1", [ordered]);
    expect((await t.pool.query('delete from products where id = $1', [unordered])).rowCount).toBe(1);
  });

  it('a product deleted while its order is being written: the delete waits for the order and is refused', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 10);
    const buyer = await createUser(t.db);
    const read = (await findPricedProduct(t.db, productId))!;
    let deleting: Promise<unknown> | undefined;
    await t.db.transaction(async (tx) => {
      await repo.insertOrderTakingStock(tx, read, 1, values(buyer.id));
      deleting = t.pool.query('delete from products where id = $1', [productId]).then(
        () => 'deleted',
        (error: unknown) => error,
      );
      // Commit only once the delete waits for the product's row, which the order's statement holds.
      for (let tries = 0; tries < 100; tries++) {
        const { rowCount } = await t.pool.query(
          `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like 'delete from products%'`,
        );
        if (rowCount) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    expect(await deleting).toMatchObject({ constraint: 'orders_product_id_products_id_fk' });
    expect(await stockOf(t, productId)).toBe(9);
  });

  it("keeps an order's buyer and placer without the order's keys: neither deleted nor moved away (migration 0067)", async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 10);
    const buyer = await createUser(t.db);
    const placer = await createUser(t.db);
    const read = (await findPricedProduct(t.db, productId))!;
    const order = await repo.insertOrderTakingStock(t.db, read, 1, {
      ...values(buyer.id),
      placedByUserId: placer.id,
    });
    const refusedBy = (constraint: string) => ({ code: '23503', constraint });
    const deleteUser = (id: string) => t.pool.query('delete from users where id = $1', [id]);
    await expect(deleteUser(buyer.id)).rejects.toMatchObject(refusedBy('orders_buyer_user_id_users_id_fk'));
    await expect(deleteUser(placer.id)).rejects.toMatchObject(
      refusedBy('orders_placed_by_user_id_users_id_fk'),
    );
    await expect(
      t.pool.query('update users set id = $2 where id = $1', [buyer.id, newId()]),
    ).rejects.toMatchObject(refusedBy('orders_buyer_user_id_users_id_fk'));
    // The order cannot be moved to an account or a product that is not there.
    const move = (column: string) =>
      t.pool.query(`update orders set ${column} = $2 where id = $1`, [order.id, newId()]);
    await expect(move('buyer_user_id')).rejects.toMatchObject(refusedBy('orders_buyer_user_id_users_id_fk'));
    await expect(move('placed_by_user_id')).rejects.toMatchObject(
      refusedBy('orders_placed_by_user_id_users_id_fk'),
    );
    await expect(move('product_id')).rejects.toMatchObject(refusedBy('orders_product_id_products_id_fk'));
    // An account no order names goes as before.
    const other = await createUser(t.db);
    expect((await deleteUser(other.id)).rowCount).toBe(1);
  });

  it('an order for an account deleted meanwhile takes nothing and is refused', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 10);
    const buyer = await createUser(t.db);
    const placer = await createUser(t.db);
    const read = (await findPricedProduct(t.db, productId))!;
    await t.pool.query('delete from users where id = $1', [placer.id]);
    const placedByGone = { ...values(buyer.id), placedByUserId: placer.id };
    await expect(repo.insertOrderTakingStock(t.db, read, 1, placedByGone)).rejects.toBeInstanceOf(
      repo.StockRefused,
    );
    await t.pool.query('delete from users where id = $1', [buyer.id]);
    await expect(repo.insertOrderTakingStock(t.db, read, 1, values(buyer.id))).rejects.toBeInstanceOf(
      repo.StockRefused,
    );
    expect(await stockOf(t, productId)).toBe(10);
  });

  it('orders are inserted by one statement only, the one that stands in for their keys', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const writers = fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      // Tests and their helpers write rows of their own as they need them.
      .filter((file) => file.endsWith('.ts') && !/test/.test(file))
      .filter((file) =>
        /insert\(orders\)|insert\s+into\s+"?orders"?\s*\(/i.test(
          fs.readFileSync(path.join(root, file), 'utf8'),
        ),
      );
    expect(writers).toEqual([path.join('modules', 'orders', 'take-stock.repository.ts')]);
  });

  it('an order for a product deleted meanwhile takes nothing and is refused', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 10);
    const buyer = await createUser(t.db);
    const read = (await findPricedProduct(t.db, productId))!;
    await t.pool.query('delete from products where id = $1', [productId]);
    await expect(repo.insertOrderTakingStock(t.db, read, 1, values(buyer.id))).rejects.toBeInstanceOf(
      repo.StockRefused,
    );
    expect((await t.pool.query('select 1 from orders where product_id = $1', [productId])).rowCount).toBe(0);
  });
});
