import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/test-app.js';
import { makeProduct, makeSeller } from '../orders/orders-test-helpers.js';

// Issue 21: a product page shows the reviews that tag the product.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(async () => {
  await t.close();
});

let contact = 0;
async function review(
  title: string,
  productIds: string[],
  opts: { isPrivate?: boolean; who?: { email: string; mobile: string } } = {},
) {
  contact += 1;
  const who = opts.who ?? {
    email: `reviewer-${Date.now()}-${contact}@example.com`,
    mobile: `9${String(100_000_000 + contact * 7919).slice(0, 9)}`,
  };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/inflncr/addReview',
    payload: {
      slug: true,
      type: 'IMAGE',
      caption: [{ index: 0, value: title }],
      description: [{ index: 0, value: 'Soft cotton, true to size.' }],
      data: [{ name: 'a.webp', url: '/media/reviews/a.webp' }],
      invoice: [],
      products: productIds.map((id) => ({ id, name: 'Kurta' })),
      links: { data: [], index: 0 },
      hashtags: [],
      isPrivate: opts.isPrivate ?? false,
      userData: { name: 'Nandini Rao', ...who },
      influencerData: { name: 'Nandini Rao', isService: false },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const titlesFor = async (productId: string) => {
  const res = await t.app.inject({ url: `/api/inflncr/getPostsByTaggedProductId/${productId}` });
  expect(res.statusCode).toBe(200);
  return res
    .json<{ Data: { postData: { caption: { value: string }[] } }[] }>()
    .Data.map((p) => p.postData.caption[0]?.value);
};

describe('the reviews that tag a product', () => {
  it('lists public reviews tagging it, newest first; not private ones, held ones or those of other products', async () => {
    const seller = await makeSeller(t, 'Divya Kulkarni');
    const kurta = await makeProduct(t, seller, 5);
    const saree = await makeProduct(t, seller, 5);
    await review('Fits well', [kurta]);
    await review('Both are lovely', [saree, kurta]);
    await review('Only the saree', [saree]);
    await review('Kept to myself', [kurta], { isPrivate: true });
    // Sent with an existing account's contact: held until its code is entered (decision 020).
    const holder = await createUser(t.db);
    await review('Not confirmed yet', [kurta], { who: { email: holder.email, mobile: holder.mobile ?? '' } });

    expect(await titlesFor(kurta)).toEqual(['Both are lovely', 'Fits well']);
    expect(await titlesFor(saree)).toEqual(['Only the saree', 'Both are lovely']);
    expect(await titlesFor('b'.repeat(24))).toEqual([]);
    const bad = await t.app.inject({ url: '/api/inflncr/getPostsByTaggedProductId/not-an-id' });
    expect(bad.statusCode).toBe(400);
  });
});
