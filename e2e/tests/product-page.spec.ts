import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  approvedSeller,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  test,
  reviewScreenshot,
} from '../fixtures';

const SCREENS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.test-output/screens');
const shoot = (page: Page, name: string) =>
  reviewScreenshot(page, {
    path: path.join(SCREENS, `product-page-${name}-${page.viewportSize()?.width ?? 0}.png`),
    fullPage: true,
  });

interface Product {
  _id: string;
  prdct_attributes: { media: { url: string }[] };
}

/** Two photos the e2e server already serves: those of the demo marketplace's products. */
async function demoPhotos(api: APIRequestContext): Promise<string[]> {
  const shops = (await (await api.get('/api/shop/getAllShopsDetailsWithoutUserInfo')).json()) as {
    Data: { user_id: { _id: string } }[];
  };
  const urls = new Set<string>();
  for (const shop of shops.Data) {
    const res = await api.get(`/api/products/getProductOnUserId/${shop.user_id._id}/1/20`);
    if (!res.ok()) continue;
    for (const p of ((await res.json()) as { Data: Product[] }).Data) {
      for (const m of p.prdct_attributes.media) if (m.url) urls.add(m.url);
    }
    if (urls.size >= 2) break;
  }
  return [...urls].slice(0, 2);
}

/** One size of a kurta, created with the spec's product payload (plus a stock where given). */
async function addKurta(
  api: APIRequestContext,
  token: string,
  model: string,
  size: string,
  prices: { mrp: number; selling: number; wholesale: number },
  photos: string[],
  stock?: number,
) {
  const res = await api.post('/api/products/createNewProduct', {
    headers: { Authorization: token },
    data: {
      images: photos.map((url, i) => ({ url, name: `kurta-${i + 1}.webp`, type: 'IMAGE' })),
      videos: [],
      colour: 'Maroon',
      productName: `Kalaa ${model} Kurta`,
      brand: 'Kalaa Weaves',
      model,
      moq: '4',
      ogPrice: String(prices.wholesale + 100),
      dsctPrice: String(prices.wholesale),
      retailPrice: String(prices.mrp),
      dsctRetailPrice: String(prices.selling),
      sku: '',
      skuId: '',
      dispatchTime: '1-2 Days',
      category: { parentCategoryName: 'Fashion', childCategoryName: 'Ethnic Wear' },
      gender: 'Women',
      ownership: 'Brand',
      channel: 'Omni',
      size,
      tags: 'cotton, festive',
      delivery: 'Free',
      samples: 'no',
      sampleQty: '',
      samplePrice: '',
      creditBooster: '',
      minCreditInstallment: '0',
      memberDsct: '',
      autorenewal: 'no',
      desc: 'Hand-block printed cotton kurta from Jaipur, with a straight cut and three-quarter sleeves.',
      sizeTags: '',
      ...(stock === undefined ? {} : { stock: String(stock) }),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { Data: { _id: string } }).Data._id;
}

test.describe('product page', () => {
  test('a buyer at 390 px goes from a store page to the product page and to the checkout of the size they chose', async ({
    page,
    api,
    adminApi,
  }) => {
    const storeName = `Kalaa Weaves Jayanagar ${Date.now()}`;
    const seller = await approvedSeller(api, adminApi, storeName);
    const photos = await demoPhotos(api);
    const model = `Anarkali ${Date.now() % 100000}`;
    // S: the spec's payload, no stock (untracked); M: 3 left; L: sold out.
    const small = await addKurta(
      api,
      seller.token,
      model,
      'S',
      { mrp: 2499, selling: 1899, wholesale: 1100 },
      photos,
    );
    const medium = await addKurta(
      api,
      seller.token,
      model,
      'M',
      { mrp: 2599, selling: 1999, wholesale: 1150 },
      photos,
      3,
    );
    await addKurta(api, seller.token, model, 'L', { mrp: 2599, selling: 1999, wholesale: 1150 }, photos, 0);
    // A buyer's review that tags size S.
    const stamp = `${Date.now()}`;
    const reviewed = await api.post('/api/inflncr/addReview', {
      data: {
        slug: true,
        type: 'IMAGE',
        caption: [{ index: 0, value: 'Colours stay bright after washing' }],
        description: [{ index: 0, value: 'Wore it to a wedding in Mysuru; soft and true to size.' }],
        data: photos.slice(0, 1).map((url) => ({ name: 'review.webp', url })),
        invoice: [],
        products: [{ id: small, name: `Kalaa ${model} Kurta` }],
        links: { data: [], index: 0 },
        hashtags: [],
        isPrivate: false,
        userData: {
          name: 'Nandini Rao',
          email: `nandini.${stamp}@example.com`,
          mobile: `9${stamp.slice(-9)}`,
        },
        influencerData: { name: 'Nandini Rao', isService: false },
      },
    });
    expect(reviewed.status(), await reviewed.text()).toBe(201);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/viewstore/true/${seller.id}`);
    await expect(page.getByRole('heading', { name: storeName, level: 1 })).toBeVisible();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Kalaa Weaves ${model}` }) });
    // The sizes cost different amounts: the card says "from" the cheapest.
    await expect(card.getByText('from ₹1,899')).toBeVisible();
    await card.getByRole('link', { name: `Kalaa Weaves ${model}` }).click();

    await expect(page).toHaveURL(new RegExp(`/product/${small}$`));
    await expect(page.getByRole('heading', { name: `Kalaa ${model} Kurta`, level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: `Kalaa ${model} Kurta, photo 1 of 2` })).toBeVisible();
    await page.getByRole('button', { name: 'Show photo 2 of 2' }).click();
    await expect(page.getByRole('img', { name: `Kalaa ${model} Kurta, photo 2 of 2` })).toBeVisible();
    await expect(page.getByText('Hand-block printed cotton kurta from Jaipur')).toBeVisible();
    // Untracked stock shows no count.
    await expect(page.locator('.product__info').getByText('In stock', { exact: true })).toBeVisible();
    const sizes = page.getByRole('list', { name: 'Sizes and prices' });
    await expect(sizes.getByRole('listitem')).toHaveCount(3);
    await expect(sizes.getByRole('listitem').nth(0)).toContainText('MRP ₹2,499 · Selling ₹1,899');
    await expect(sizes.getByRole('listitem').nth(1)).toContainText('MRP ₹2,599 · Selling ₹1,999');
    await expect(sizes.getByRole('listitem').nth(1)).toContainText('Only 3 left');
    await expect(sizes.getByRole('listitem').nth(2)).toContainText('Sold out');
    await expect(page.getByRole('link', { name: storeName })).toHaveAttribute(
      'href',
      `/viewstore/true/${seller.id}`,
    );
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await expect(reviews.getByRole('link', { name: 'Colours stay bright after washing' })).toBeVisible();
    await expect(reviews).toContainText('Nandini Rao');
    await expectNoHorizontalScroll(page, 'product page at 390 px');
    await expectNoA11yViolations(page, 'product page at 390 px');

    // Share: the phone's share sheet where there is one, else the link is copied and a toast says so.
    const share = page.getByRole('button', { name: `Share: Kalaa ${model} Kurta` });
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
          return Promise.resolve();
        },
      });
    });
    await share.click();
    expect(await page.evaluate(() => (window as unknown as { shared: ShareData }).shared)).toEqual({
      url: page.url(),
      title: `Kalaa ${model} Kurta`,
    });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate(() =>
      Object.defineProperty(navigator, 'share', { configurable: true, value: undefined }),
    );
    await share.click();
    await expect(page.getByText('Link copied: paste it anywhere to share')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await expectNoA11yViolations(page, 'product page with the link copied');
    await shoot(page, 'link-copied');

    // The sold-out size has no Buy.
    await sizes.getByRole('link', { name: 'Size L' }).click();
    await expect(page.locator('.product__info').getByText('Sold out', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Buy/ })).toHaveCount(0);

    await sizes.getByRole('link', { name: 'Size M' }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${medium}$`));
    await expect(page.locator('.product__prices')).toContainText('₹1,999');
    await page.getByRole('link', { name: 'Buy size M' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/${medium}$`));
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    await expect(page.getByText('₹1,999').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Order', exact: true })).toBeVisible();
  });

  test('the business view shows SRP and wholesale prices and buys through the business checkout, at 1280 px', async ({
    page,
    api,
    adminApi,
  }) => {
    const seller = await approvedSeller(api, adminApi, `Kalaa Weaves Wholesale ${Date.now()}`);
    const model = `Straight ${Date.now() % 100000}`;
    const id = await addKurta(
      api,
      seller.token,
      model,
      'M',
      { mrp: 2599, selling: 1999, wholesale: 1150 },
      [],
    );
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/product/b2b/true/${id}`);
    const prices = page.locator('.product__prices');
    await expect(prices).toContainText('SRP₹1,999');
    await expect(prices).toContainText('Wholesale Catalogue Price₹1,250');
    await expect(prices).toContainText('Wholesale Selling Price₹1,150');
    await expect(page.getByText('Minimum order: 4 pieces')).toBeVisible();
    await expect(page.getByText('No photos yet')).toBeVisible();
    await expect(page.getByText('No reviews of this product yet')).toBeVisible();
    await expectNoA11yViolations(page, 'business product page at 1280 px');
    await expect(page.getByRole('button', { name: `Share: Kalaa ${model} Kurta` })).toBeVisible();
    await shoot(page, 'business');
    // The consumer page arrives drawn by the server, Share included (it reads the address on click only).
    const served = await api.get(`/product/${id}`);
    expect(await served.text()).toContain(`aria-label="Share: Kalaa ${model} Kurta"`);
    await expect(page.getByRole('link', { name: 'Buy size M' })).toHaveAttribute(
      'href',
      `/checkout/b2b/true/${id}`,
    );
  });

  test('a product that does not exist: the product page and the checkout show a way back, not a form', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const missing = 'a'.repeat(24);
    await page.goto(`/product/${missing}`);
    await expect(page.getByRole('heading', { name: 'Product not found', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse stores' })).toBeVisible();
    await expectNoA11yViolations(page, 'missing product page');

    await page.goto(`/checkout/${missing}`);
    await expect(page.getByRole('heading', { name: 'Product not found', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Order', exact: true })).toHaveCount(0);
    await expect(page.getByLabel('First name')).toHaveCount(0);
    await expectNoA11yViolations(page, 'checkout of a missing product');
    await page.getByRole('link', { name: 'Browse stores' }).click();
    await expect(page).toHaveURL(/\/viewstores$/);
  });
});
