import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

// Issue 26, light on slow phones: a store or product page opened from a shared link arrives with
// the answers its page needs, so a visitor's phone draws it without waiting on the API first;
// later calls (the next page of a catalogue) still go to the API.

interface Shop {
  user_id: { _id: string };
  name: string;
}

/** The API calls the page makes, as `METHOD /api/path`. */
function apiCalls(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${request.method()} ${url.pathname}`);
  });
  return seen;
}

test('a store and one of its products open without asking the API for what the page shows', async ({
  page,
  request,
}) => {
  const shops = (await (await request.get('/api/shop/getAllShopsDetailsWithoutUserInfo')).json()) as {
    Data: Shop[];
  };
  let storeId = '';
  let productId = '';
  let productName = '';
  let storeName = '';
  for (const shop of shops.Data) {
    const res = await request.get(`/api/products/getProductOnUserId/${shop.user_id._id}/1/1`);
    if (!res.ok()) continue;
    const first = (
      (await res.json()) as { Data: { _id: string; prdct_attributes: { prdct_name: string } }[] }
    ).Data[0];
    if (!first) continue;
    storeId = shop.user_id._id;
    productId = first._id;
    productName = first.prdct_attributes.prdct_name;
    storeName = shop.name;
    break;
  }
  expect(storeId, 'the demo data has a store with products').not.toBe('');

  const calls = apiCalls(page);
  await page.goto(`/viewstore/true/${storeId}`);
  // Other journeys add products to the demo stores: the store's name shows whatever it sells.
  await expect(page.getByRole('heading', { name: storeName }).first()).toBeVisible();
  expect(calls.filter((c) => /getSingleStoreDetails|getProductOnUserId/.test(c))).toEqual([]);

  calls.length = 0;
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(productName.slice(0, 20));
  expect(
    calls.filter((c) => /getProductOnId|getSingleStoreDetails|getPostsByTaggedProductId/.test(c)),
  ).toEqual([]);

  // Going on to the store inside the app asks the API as usual: each answer serves one page load.
  calls.length = 0;
  await page.locator('main').getByRole('link', { name: storeName, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(storeId));
  await expect(page.getByRole('heading', { name: storeName }).first()).toBeVisible();
  await expect.poll(() => calls.some((c) => /getProductOnUserId/.test(c))).toBe(true);
});
