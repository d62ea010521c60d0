import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  approvedSeller,
  expect,
  expectFieldBordersContrast,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  loginThroughPage,
  SELLER_PASSWORD,
  tabTo,
  test,
} from '../fixtures';

// Issue 14 for the checkout and the seller's product form: each is finished with the keyboard alone
// (Tab, Space, Enter, arrows; no mouse), a failed submit puts focus on the error summary, a server's
// refusal puts focus on its message, nothing scrolls sideways at 320 px, and axe finds no WCAG A/AA
// violation in any state visited.

const summary = (page: Page) => page.getByRole('group', { name: /Please correct the following/ });

async function typeInto(page: Page, label: string, text: string) {
  await tabTo(page, page.getByLabel(label, { exact: true }));
  await page.keyboard.type(text);
}

/** Shift+Tab until the element has focus: a field above the current one. */
async function tabBackTo(page: Page, target: Locator, limit = 30) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Shift+Tab');
  }
  await expect(target, 'reached by Shift+Tab').toBeFocused();
}

/** Tabs to a select and picks an option by typing it (the select's type-ahead). */
async function chooseWithKeys(page: Page, label: string, option: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field.locator('option', { hasText: option }).first()).toBeAttached();
  await tabTo(page, field);
  await page.keyboard.type(option);
  await expect(field).toHaveValue(option);
}

interface Product {
  _id: string;
  inventory_quantity: number;
  prdct_attributes: { retail_dsct_price: number };
}

/** A demo product with stock to spare (the journeys' server starts with the demo marketplace). */
async function productInStock(api: APIRequestContext): Promise<Product> {
  const shops = (await (await api.get('/api/shop/getAllShopsDetailsWithoutUserInfo')).json()) as {
    Data: { user_id: { _id: string } }[];
  };
  for (const shop of shops.Data) {
    const res = await api.get(`/api/products/getProductOnUserId/${shop.user_id._id}/1/50`);
    if (!res.ok()) continue;
    const { Data } = (await res.json()) as { Data: Product[] };
    const found = Data.find((p) => p.inventory_quantity >= 5 && p.prdct_attributes.retail_dsct_price > 0);
    if (found) return found;
  }
  throw new Error('no demo product in stock');
}

test.describe('form kit: checkout', () => {
  test('keyboard only: failed submit, pincode look-up, a refusal for stock, then payment', async ({
    page,
    api,
  }) => {
    test.setTimeout(60_000);
    const product = await productInStock(api);
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    await page.goto(`/checkout/${product._id}`);
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    await expect(page.getByText('Selling', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
    await expectFieldBordersContrast(page);

    // Tabbing through the empty form paints nothing red; Order is reachable and says why it waits.
    const order = page.getByRole('button', { name: 'Order', exact: true });
    await tabTo(page, order);
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    await expect(order).toHaveAttribute('aria-disabled', 'true');
    await expect(order).toHaveAccessibleDescription('11 required fields are still empty.');
    await page.keyboard.press('Enter');
    await expect(summary(page)).toBeFocused();
    await expectNoA11yViolations(page, 'checkout after a failed submit');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('First name', { exact: true })).toBeFocused();

    // More than the stock: the form is valid, the server refuses.
    await tabBackTo(page, page.getByLabel('Quantity', { exact: true }));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('100000');
    await typeInto(page, 'First name', 'Lakshmi');
    await typeInto(page, 'Last name', 'Menon');
    await typeInto(page, 'E-mail', `keys.${stamp}@example.com`);
    await typeInto(page, 'Contact number', `7${stamp.slice(-9)}`);
    await typeInto(page, 'House number', '22');
    await typeInto(page, 'Street', 'Brigade Road');
    await typeInto(page, 'Landmark', 'Near the metro');
    // The pincode fills city, state and country, says so politely, and leaves focus where it was.
    await typeInto(page, 'Pincode', '560025');
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('Bengaluru');
    await expect(page.getByLabel('State', { exact: true })).toHaveValue('Karnataka');
    await expect(page.getByLabel('Country', { exact: true })).toHaveValue('India');
    await expect(page.getByLabel('Pincode', { exact: true })).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'from the pincode' })).toHaveText(
      'Bengaluru, Karnataka: filled in from the pincode. You can change them.',
    );
    // A guest buyer ticks the terms' box, by Space.
    await tabTo(page, page.getByRole('checkbox', { name: 'I am 18 or older' }));
    await page.keyboard.press('Space');

    await tabTo(page, order);
    await expect(order).not.toHaveAttribute('aria-disabled');
    await page.keyboard.press('Enter');
    const refusal = page.locator('.form-message');
    await expect(refusal).toHaveText('Not enough stock for this quantity');
    await expect(refusal).toBeFocused();
    await expectNoA11yViolations(page, 'checkout with a server refusal');

    await tabBackTo(page, page.getByLabel('Quantity', { exact: true }), 40);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('1');
    await tabTo(page, order);
    await page.keyboard.press('Enter');
    const pay = page.getByRole('button', { name: 'Pay', exact: true });
    await expect(pay).toBeVisible();
    await tabTo(page, pay);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Your order has been placed' })).toBeVisible();
  });

  test('nothing scrolls sideways at 320 px', async ({ page, api }) => {
    const product = await productInStock(api);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`/checkout/${product._id}`);
    await expect(page.getByText('Selling', { exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page, 'checkout at 320 px');
    await expectNoA11yViolations(page, 'checkout at 320 px');
  });
});

test.describe('form kit: product form', () => {
  test('keyboard only: failed add, a product added, then an update refused by the server', async ({
    page,
    api,
    adminApi,
  }) => {
    test.setTimeout(90_000);
    const brand = `Pai Keys ${Date.now()}`;
    const seller = await approvedSeller(api, adminApi, brand);
    await loginThroughPage(page, '/login', seller.email, SELLER_PASSWORD);
    await expect(page).toHaveURL(/\/viewstore\/true\//);
    await page.goto('/addproduct');
    await expect(page.getByRole('heading', { name: 'Add/update product' })).toBeVisible({ timeout: 15_000 });
    await expectNoA11yViolations(page);

    const add = page.getByRole('button', { name: 'Add Product' });
    await tabTo(page, add, 120);
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(summary(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    // The first entry leads to its field, which says it is invalid.
    await expect(page.locator(':focus')).toHaveAttribute('aria-invalid', 'true');
    await expectNoA11yViolations(page, 'product form after a failed add');

    // From the top of the form: every field by Tab and typing.
    await tabBackTo(page, page.getByLabel('Brand', { exact: true }), 40);
    await page.keyboard.type(brand);
    await typeInto(page, 'Model', 'Keyboard Kurta');
    await chooseWithKeys(page, 'Colour', 'Mustard');
    await chooseWithKeys(page, 'Gender', 'Women');
    await chooseWithKeys(page, 'Category', 'Fashion');
    await chooseWithKeys(page, 'Sub-category', 'Ethnic Wear');
    await typeInto(page, 'Size', 'S');
    await typeInto(page, 'Wholesale catalogue price', '1000');
    await typeInto(page, 'Wholesale selling price', '900');
    await typeInto(page, 'MRP', '2000');
    await typeInto(page, 'Selling price', '1500');
    await typeInto(page, 'Description', 'Chanderi cotton with hand-block print.');
    await expect(page.getByText('38/300 characters')).toBeVisible();
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    await expect(page.getByText('The product is added successfully')).toBeVisible();

    // Own Product by arrow keys, the new product picked from the list by arrows. The session then
    // ends on the server (signed out elsewhere): the update is refused and focus moves to its message.
    await tabBackTo(page, page.getByLabel('New Product'), 120);
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByLabel('Own Product')).toBeChecked();
    const list = page.getByLabel('Your products');
    await expect(list.locator('option', { hasText: 'Keyboard Kurta' })).toHaveCount(1);
    await tabTo(page, list);
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Model', { exact: true })).toHaveValue('Keyboard Kurta');
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    expect((await api.post('/api/users/logout', { headers: { Authorization: token! } })).status()).toBe(200);
    const update = page.getByRole('button', { name: 'Update Product' });
    await tabTo(page, update, 120);
    await page.keyboard.press('Enter');
    const refusal = page.locator('.form-message');
    await expect(refusal).toHaveText('Please log in to continue');
    await expect(refusal).toBeFocused();
    // The spec's error toast floats over the page's bottom edge until closed, by keys too.
    await tabTo(page, page.getByRole('button', { name: 'CLOSE', exact: true }), 120);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'CLOSE', exact: true })).toHaveCount(0);
    await expectNoA11yViolations(page, 'product form with a server refusal');
  });

  test('nothing scrolls sideways at 320 px', async ({ page, api, adminApi }) => {
    const seller = await approvedSeller(api, adminApi, `Pai Keys ${Date.now()}`);
    await loginThroughPage(page, '/login', seller.email, SELLER_PASSWORD);
    await expect(page).toHaveURL(/\/viewstore\/true\//);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/addproduct');
    await expect(page.getByRole('heading', { name: 'Add/update product' })).toBeVisible({ timeout: 15_000 });
    await expectNoHorizontalScroll(page, '/addproduct at 320 px');
    await expectNoA11yViolations(page, '/addproduct at 320 px');
  });
});
