import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { shops } from '../../db/schema/index.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../test/test-app.js';
import { toProduct } from './product-mapping.js';
import { findProductById } from './products.repository.js';
import { createProductsService } from './products.service.js';

// A product's answer is JSON kept on its row by a trigger (migrations 0038, 0039), its stock added
// when it is read. Whatever wrote the row last, the answer must say what the row says.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db, { role: 'SELLER', ownerName: 'Kavya Rao', isBrand: true });
  await t.db.insert(shops).values({ userId: user.id, name: 'Kavya Store', city: 'Mysuru' });
  token = await loginAs(t.app, user.email, user.password);
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: { authorization: token }, payload });

/** The answer as a fresh service (no cached body) sends it, and the row mapped as the other reads map it. */
async function answerAndRow(id: string) {
  const body = await createProductsService(t.db).productResponse(id);
  const { imageVariants: _variants, ...answer } = JSON.parse(body).Data;
  return { answer, row: toProduct((await findProductById(t.db, id))!) };
}

async function rowsOf(text: string) {
  const result = await t.db.execute(sql.raw(text));
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<
    Record<string, unknown>
  >;
}

/** Whether an UPDATE ran the answer's trigger, from the plan's trigger lines. */
async function runsAnswerTrigger(update: string) {
  return JSON.stringify(await rowsOf(`explain (analyze, format json) ${update}`)).includes('products_answer');
}

describe('stored product answers', () => {
  it('say what the row says after it is made, edited, counted, disabled and sold', async () => {
    const made = await post('/products/createNewProduct', {
      brand: 'Loom & Leaf',
      model: 'Kalamkari Kurta',
      colour: 'Indigo',
      size: 'M',
      gender: 'Women',
      category: { parentCategoryName: 'Fashion', childCategoryName: 'Ethnic Wear' },
      moq: '3',
      ogPrice: '900',
      dsctPrice: '700',
      retailPrice: '1999',
      dsctRetailPrice: '1499',
      desc: 'Hand-block printed cotton.',
      images: [{ url: '/media/kurta.webp', name: 'kurta.webp', type: 'IMAGE' }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ Data: { _id: string } }>().Data._id;
    let { answer, row } = await answerAndRow(id);
    expect(answer).toEqual(row);

    const edited = await post('/products/updateProduct', {
      _id: id,
      dsctRetailPrice: '1299',
      colour: 'Rust',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    ({ answer, row } = await answerAndRow(id));
    expect(answer).toEqual(row);
    expect(answer.prdct_attributes.colour).toBe('Rust');

    // What an order does to a product: only its stock (and updated_at) change.
    await t.db.execute(
      sql.raw(`update products set inventory_quantity = 42, track_inventory = true where id = '${id}'`),
    );
    ({ answer, row } = await answerAndRow(id));
    expect(answer).toEqual(row);
    expect(answer.inventory_quantity).toBe(42);

    const disabled = await post('/products/enableDisablePrdct', { _id: id, status: false });
    expect(disabled.statusCode, disabled.body).toBe(200);
    ({ answer, row } = await answerAndRow(id));
    expect(answer).toEqual(row);
    expect(answer.auditFields.isActive).toBe(false);
  });

  it('are not rebuilt by an update of the stock alone, and are by any other', async () => {
    const [{ id }] = (await rowsOf('select id from products limit 1')) as [{ id: string }];
    const stockOnly = `update products set inventory_quantity = inventory_quantity + 1, updated_at = now() where id = '${id}'`;
    expect(await runsAnswerTrigger(stockOnly)).toBe(false);
    expect(await runsAnswerTrigger(`update products set colour = 'Teal' where id = '${id}'`)).toBe(true);
  });
});
