import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  adminCredentials,
  apiLogin,
  approvedSeller,
  baseURL,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  test,
  reviewScreenshot,
} from '../fixtures';

// Issue 22, one search (decision 024): a visitor finds a post, a product and a store from the
// header's search, at 390 px (icon button) and at 1440 px (input; an icon at 1280 px, where a visitor's nine links fill the row), and a misspelt brand still
// finds its product.

const SCREENS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.test-output/screens');

/** A made-up word of letters only, new on every run, so the searches find this run's data. */
function madeUpWord() {
  const letters = 'bcdfghjklmnprstvz';
  let word = 'zu';
  for (let i = 0; i < 6; i += 1) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}
const WORD = madeUpWord();
const Word = WORD[0]!.toUpperCase() + WORD.slice(1);
/** Two letters of the word swapped: what a hurried thumb types. */
const TYPO = `${Word.slice(0, 4)}${Word[5]}${Word[4]}${Word.slice(6)}`;

const STORE = `Kaveri ${Word} Silks`;
const PRODUCT = `Banarasi silk saree ${Word}`;
const POST = `The ${Word} saree survived a Chennai monsoon wedding`;

/** A photo the e2e server already serves: one of the demo marketplace's products. */
async function demoPhoto(api: APIRequestContext): Promise<string | undefined> {
  const shops = (await (await api.get('/api/shop/getAllShopsDetailsWithoutUserInfo')).json()) as {
    Data: { user_id: { _id: string } }[];
  };
  for (const shop of shops.Data) {
    const res = await api.get(`/api/products/getProductOnUserId/${shop.user_id._id}/1/20`);
    if (!res.ok()) continue;
    const products = ((await res.json()) as { Data: { prdct_attributes: { media: { url: string }[] } }[] })
      .Data;
    const url = products.flatMap((p) => p.prdct_attributes.media).find((m) => m.url)?.url;
    if (url) return url;
  }
  return undefined;
}

async function addProduct(api: APIRequestContext, token: string, photo: string | undefined) {
  const res = await api.post('/api/products/createNewProduct', {
    headers: { Authorization: token },
    data: {
      images: photo ? [{ url: photo, name: 'saree.webp', type: 'IMAGE' }] : [],
      videos: [],
      colour: 'Maroon',
      productName: PRODUCT,
      brand: Word,
      model: 'Zari border',
      moq: '1',
      ogPrice: '5200',
      dsctPrice: '4800',
      retailPrice: '7400',
      dsctRetailPrice: '6900',
      sku: '',
      skuId: '',
      dispatchTime: '1-2 Days',
      category: { parentCategoryName: 'Fashion', childCategoryName: 'Ethnic Wear' },
      gender: 'Women',
      ownership: 'Brand',
      channel: 'Omni',
      size: 'Free size',
      tags: 'silk, wedding',
      delivery: 'Free',
      samples: 'no',
      sampleQty: '',
      samplePrice: '',
      creditBooster: '',
      minCreditInstallment: '0',
      memberDsct: '',
      autorenewal: 'no',
      desc: 'Pure silk with real zari work, woven in Varanasi.',
      sizeTags: '',
      stock: '5',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { Data: { _id: string } }).Data._id;
}

async function addPost(api: APIRequestContext) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const res = await api.post('/api/inflncr/addReview', {
    data: {
      slug: true,
      type: 'IMAGE',
      caption: [{ index: 0, value: POST }],
      description: [{ index: 0, value: 'Rain all evening and the colours did not run. Worth every rupee.' }],
      data: [],
      invoice: [],
      products: [],
      links: { data: [], index: 0 },
      hashtags: [],
      isPrivate: false,
      userData: {
        name: 'Revathi Subramanian',
        email: `revathi.${stamp}@example.com`,
        mobile: `6${stamp.slice(-9)}`,
      },
      influencerData: { name: 'Revathi Subramanian', isService: false },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function screens(page: Page, name: string, width: number) {
  await expectNoHorizontalScroll(page, `${name} at ${width}`);
  await reviewScreenshot(page, { path: path.join(SCREENS, `h2-${name}-${width}.png`), fullPage: true });
}

const results = (page: Page, kind: string) => page.getByRole('list', { name: kind });

test.describe('one search in the header', () => {
  test.beforeAll(async ({ playwright }) => {
    const api = await playwright.request.newContext({ baseURL: baseURL() });
    const adminApi = await playwright.request.newContext({
      baseURL: baseURL(),
      extraHTTPHeaders: {
        Authorization: await apiLogin(api, adminCredentials.email, adminCredentials.password),
      },
    });
    const seller = await approvedSeller(api, adminApi, STORE);
    await addProduct(api, seller.token, await demoPhoto(api));
    await addPost(api);
    await api.dispose();
    await adminApi.dispose();
  });

  test('at 390 px a visitor opens the search from the icon and finds a post, a product and a store', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/answerquery');
    const header = page.getByRole('banner');
    const toggle = header.getByRole('button', { name: 'Search', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const box = header.getByRole('combobox', { name: 'Search posts, queries, products and stores' });
    await expect(box).toBeHidden();
    await toggle.click();
    await expect(box).toBeFocused();
    await screens(page, 'search-open', 390);
    await expectNoA11yViolations(page, 'header search open at 390');
    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape');
    await expect(box).toBeHidden();
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await box.fill(WORD);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(new RegExp(`/search\\?q=${WORD}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Results for “${WORD}”` })).toBeVisible();
    // The first search of a fresh server warms its caches; a busy test machine may be slow.
    await expect(results(page, 'Posts').getByRole('link', { name: POST })).toBeVisible({ timeout: 30_000 });
    await expect(results(page, 'Products').getByRole('link', { name: PRODUCT })).toBeVisible();
    await expect(results(page, 'Stores').getByRole('link', { name: STORE })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Posts', 'Products', 'Stores']);
    await screens(page, 'search-results', 390);
    await expectNoA11yViolations(page, 'search results at 390');

    await results(page, 'Products').getByRole('link', { name: PRODUCT }).click();
    await expect(page).toHaveURL(/\/product\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
    await page.goBack();
    await results(page, 'Stores').getByRole('link', { name: STORE }).click();
    await expect(page).toHaveURL(/\/viewstore\/true\/[0-9a-f]{24}$/);
    await expect(page.getByText(STORE).first()).toBeVisible();
    await page.goBack();
    await results(page, 'Posts').getByRole('link', { name: POST }).click();
    await expect(page).toHaveURL(/\/post\/[0-9a-f]{24}\/[0-9a-f]{24}$/);
    await expect(page.getByText(POST).first()).toBeVisible();
  });

  test('at 1280 px the visitor menu is one row beside the search icon; at 1440 px the header has an input, and a half or misspelt name still finds the store and the product', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/skilldiscovery');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
    // All nine of a visitor's links on one line: none wraps to a second row under the first.
    const tops = await header
      .getByRole('navigation')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThanOrEqual(9);
    expect(new Set(tops).size).toBe(1);
    await screens(page, 'search-header-icon', 1280);

    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(header.locator('.site-search__toggle')).toBeHidden();
    const box = header.getByRole('combobox', { name: 'Search posts, queries, products and stores' });
    await expect(box).toBeVisible();
    // Compact: beside the brand, leaving the row to the menu (whose items wrap whole, not the box).
    const size = (await box.boundingBox())!;
    expect(size.width).toBeLessThanOrEqual(160);
    expect(size.y).toBeLessThan(30);
    await screens(page, 'search-header', 1440);

    await box.fill(`Kaveri ${Word.slice(0, 5)}`);
    await header.getByRole('button', { name: 'Show results' }).click();
    await expect(results(page, 'Stores').getByRole('link', { name: STORE })).toBeVisible();

    await box.fill(TYPO);
    await box.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: `Results for “${TYPO}”` })).toBeVisible();
    await expect(results(page, 'Products').getByRole('link', { name: PRODUCT })).toBeVisible();
    await screens(page, 'search-results', 1440);
    await expectNoA11yViolations(page, 'search results at 1440');

    // Nothing matches: the spec's words for an empty answer.
    await page.getByLabel('Search words').fill('qxzqxzqxz');
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('No results found!')).toBeVisible();
    await screens(page, 'search-empty', 1440);
    await expectNoA11yViolations(page, 'search empty at 1440');
  });

  test('"Nimbas" is forgiven: while typing the list offers Nimbus and its store, and on Enter the results say "Did you mean"', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/viewreviews');
    const header = page.getByRole('banner');
    const box = header.getByRole('combobox', { name: 'Search posts, queries, products and stores' });
    await box.pressSequentially('Nimbas', { delay: 30 });
    const list = header.getByRole('listbox', { name: 'Suggestions' });
    await expect(list.getByRole('option').first()).toHaveText('Did you mean nimbus', { timeout: 30_000 });
    await expect(list.getByRole('option', { name: /^Nimbus Audio/ }).first()).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await screens(page, 'search-suggestions', 1440);
    await expectNoA11yViolations(page, 'search suggestions at 1440');
    // By keyboard: down to the correction, Enter searches for it.
    await box.press('ArrowDown');
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=nimbus$/);
    await expect(results(page, 'Stores').getByRole('link', { name: 'Nimbus Audio' })).toBeVisible();

    // Enter on the words as typed: the results of the corrected words, saying so.
    await box.fill('Nimbas');
    await expect(list.getByRole('option').first()).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=Nimbas$/);
    await expect(page.getByRole('status').filter({ hasText: 'Did you mean nimbus?' })).toBeVisible();
    await expect(page.getByText('Nothing was found for “Nimbas”.')).toBeVisible();
    await expect(results(page, 'Stores').getByRole('link', { name: 'Nimbus Audio' })).toBeVisible();
    // Prices in Indian figures, and who sells each product.
    await expect(
      results(page, 'Products')
        .getByText(/₹\d{1,2},\d{3} · Sold by /)
        .first(),
    ).toBeVisible();
    await screens(page, 'search-did-you-mean', 1440);
    await expectNoA11yViolations(page, 'did you mean at 1440');

    // On a phone: the bar's list, and a tap on the store opens its page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/viewreviews');
    await header.getByRole('button', { name: 'Search', exact: true }).click();
    await box.pressSequentially('nimba', { delay: 30 });
    const store = list.getByRole('option', { name: /^Nimbus Audio/ }).first();
    await expect(store).toBeVisible({ timeout: 30_000 });
    await expectNoHorizontalScroll(page, 'search suggestions at 390');
    await screens(page, 'search-suggestions', 390);
    await store.click();
    await expect(page).toHaveURL(/\/viewstore\/true\/[0-9a-f]{24}$/);
  });
});
