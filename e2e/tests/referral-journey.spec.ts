import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  addSaree,
  adminCredentials,
  apiLogin,
  approvedSeller,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  loginThroughPage,
  onboardRetailer,
  SELLER_PASSWORD,
  test,
  reviewScreenshot,
} from '../fixtures';

// Issue 38, referral attribution (decision 055): a buyer opens a referrer's /refer link on a phone,
// orders and pays; the seller's and the admin's order views name the referrer (never their
// contact), and the referrer's My account lists the order with its reward, due at delivery.

const SCREENS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.test-output/screens');
const shoot = (page: Page, name: string) =>
  reviewScreenshot(page, {
    path: path.join(SCREENS, `referral-${name}-${page.viewportSize()?.width ?? 0}.png`),
    fullPage: true,
  });

/** An approved account with its own name, ready to log in: anyone may refer (decision 033). */
async function referrer(api: APIRequestContext, adminApi: APIRequestContext) {
  const account = await onboardRetailer(api, `Ritu Styles ${Date.now().toString(36)}`, 'Ritu Sharma');
  expect((await adminApi.post('/api/users/approveSeller', { data: { _id: account.id } })).status()).toBe(200);
  const changed = await api.post('/api/users/changePassword', {
    headers: { Authorization: await apiLogin(api, account.email, account.password) },
    data: { currentPassword: account.password, newPassword: SELLER_PASSWORD },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return account;
}

test('a /refer link credits its referrer: the seller, the admin and the referrer see the order', async ({
  page,
  api,
  adminApi,
}) => {
  const seller = await approvedSeller(api, adminApi, `Ilkal Looms ${Date.now().toString(36)}`);
  const productId = await addSaree(api, seller.token);
  const ritu = await referrer(api, adminApi);

  // The buyer, on a phone, follows Ritu's link to the saree's checkout.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/refer?rid=${ritu.id}&redirect=${encodeURIComponent(`/checkout/${productId}`)}`);
  await expect(page).toHaveURL(new RegExp(`/checkout/${productId}$`));
  const stamp = `${Date.now()}`;
  await page.getByLabel('First name').fill('Lakshmi');
  await page.getByLabel('Last name').fill('Menon');
  await page.getByLabel('E-mail').fill(`lakshmi.${stamp}@example.com`);
  await page.getByLabel('Contact number', { exact: true }).fill(`7${stamp.slice(-9)}`);
  await page.getByLabel('House number').fill('22');
  await page.getByLabel('Street').fill('Brigade Road');
  await page.getByLabel('Landmark').fill('Near the metro');
  await page.getByLabel('Pincode').fill('560025');
  await expect(page.getByLabel('City')).toHaveValue('Bengaluru');
  await page.getByRole('checkbox', { name: 'I am 18 or older' }).check();
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Your order has been placed' })).toBeVisible();

  const referred = 'Referred by Ritu Sharma · referral link';
  // The seller's order view names the referrer, never their contact.
  await loginThroughPage(page, '/login', seller.email, seller.password);
  await page.waitForURL((url) => url.pathname !== '/login');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/sellerorders');
    await expect(page.getByText(referred)).toBeVisible();
    await expect(page.getByText(ritu.mobile)).toHaveCount(0);
    await expectNoA11yViolations(page, `seller orders with a referrer at ${width}`);
    await expectNoHorizontalScroll(page, `seller orders at ${width}`);
    await shoot(page, 'seller-orders');
  }

  // So does the admin's.
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await loginThroughPage(page, '/adminlogin', adminCredentials.email, adminCredentials.password);
  await page.waitForURL(/\/manageseller/);
  await page.goto('/adminorders');
  await expect(page.getByText(referred).first()).toBeVisible();
  await expectNoA11yViolations(page, 'admin orders with a referrer');
  await shoot(page, 'admin-orders');

  // Ritu's account lists the order and its reward: 2 % of ₹1,499, earned when it is delivered.
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await loginThroughPage(page, '/login', ritu.email, SELLER_PASSWORD);
  await page.waitForURL((url) => url.pathname !== '/login');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/myaccount');
    const referrals = page.getByRole('region', { name: 'Your referrals' });
    await expect(referrals.getByLabel('Your referral link')).toHaveValue(
      new RegExp(`/refer\\?rid=${ritu.id}$`),
    );
    const orders = referrals.getByRole('list', { name: 'Orders you referred' });
    await expect(orders.getByRole('listitem')).toHaveCount(1);
    await expect(orders.getByText('Ilkal Cotton Saree')).toBeVisible();
    await expect(orders.getByText(/through your link/)).toBeVisible();
    await expect(orders.getByText('Reward when delivered')).toBeVisible();
    await expect(orders.getByText('₹29', { exact: true })).toBeVisible();
    await expect(orders.getByText('Lakshmi')).toHaveCount(0);
    await expectNoA11yViolations(page, `referrer's account at ${width}`);
    await expectNoHorizontalScroll(page, `referrer's account at ${width}`);
    await shoot(page, 'my-account');
  }
});
