import type { Page } from '@playwright/test';
import {
  codeFromOutbox,
  expect,
  loginThroughPage,
  onboardRetailer,
  passwordFromOutbox,
  test,
} from '../fixtures';

// Issue 21, the seller's onboarding: a rejected applicant applies again with the earlier answers
// filled in; an applicant who closed the tab before entering the code finishes from /login; the
// approved retailer keeps the one store they applied with.

const OWN_PASSWORD = 'Rasam-rice-2026';

async function firstLogin(page: Page, email: string, password: string) {
  await loginThroughPage(page, '/login', email, password);
  await expect(page).toHaveURL(/\/changepassword$/);
  await page.getByLabel('Current password', { exact: true }).fill(password);
  await page.getByLabel('New password', { exact: true }).fill(OWN_PASSWORD);
  await page.getByLabel('Confirm new password', { exact: true }).fill(OWN_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).not.toHaveURL(/\/changepassword$/);
}

test('a rejected retailer applies again with the earlier answers and is approved with one store', async ({
  page,
  api,
  adminApi,
}) => {
  const storeName = `Nair Silks ${Date.now() % 100000}`;
  const retailer = await onboardRetailer(api, storeName, 'Anjali Nair');
  const reason = 'The GSTIN does not match the store name; please apply again with the right one.';
  expect(
    (await adminApi.post('/api/users/rejectSeller', { data: { _id: retailer.id, reason } })).status(),
  ).toBe(200);

  await firstLogin(page, retailer.email, retailer.password);
  await expect(page).toHaveURL(/\/myaccount$/);
  await expect(page.getByText(`Reason: ${reason}`)).toBeVisible();
  await page.getByRole('link', { name: 'Apply again with your earlier answers' }).click();

  await expect(page).toHaveURL(/\/dealer\/join-as-retailer\?reapply=1$/);
  await expect(page.getByText('Your earlier answers are filled in.')).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(retailer.email);
  await expect(page.getByLabel('Store name', { exact: true })).toHaveValue(storeName);
  await page.getByLabel('Store name', { exact: true }).fill(`${storeName} & Sons`);
  // Applying again is a new application: the age confirmation is asked again, not carried over.
  await expect(page.getByLabel('I am 18 or older')).not.toBeChecked();
  await page.getByLabel('I am 18 or older').check();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Your application was sent again' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to My Account' }).click();
  await expect(page.getByText('Your application is awaiting approval')).toBeVisible();

  expect((await adminApi.post('/api/users/approveSeller', { data: { _id: retailer.id } })).status()).toBe(
    200,
  );
  const stores = await api.get(`/api/shop/getSingleStoreDetailsByUserIdWithOutMobileAndEmail/${retailer.id}`);
  expect(((await stores.json()) as { Data: { name: string } }).Data.name).toBe(`${storeName} & Sons`);
  const list = (await (
    await adminApi.get('/api/users/getAllUserShopDetailsWithOutMobileAndEmail')
  ).json()) as { Data: { _id: string; shops: unknown[] }[] };
  expect(list.Data.find((u) => u._id === retailer.id)?.shops).toHaveLength(1);
});

test('an applicant who closed the tab before entering the code finishes from /login', async ({
  page,
  api,
}) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `brand.${stamp}@example.com`;
  const registered = await api.post('/api/users/registerNewUser', {
    data: {
      ownerName: 'Kiran Shah',
      email,
      mobile: `8${stamp.slice(-9)}`,
      companyName: `Shah Looms ${stamp.slice(-4)}`,
      sellCategory: 'Footwear',
      websiteLink: 'shahlooms.example',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  // The tab is closed: the applicant has a code in their e-mail but no password.

  await loginThroughPage(page, '/login', email, 'no-password-yet');
  await expect(page.getByText('Invalid e-mail or password')).toBeVisible();
  await page.getByRole('button', { name: 'Verify your e-mail' }).click();
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByText(/we sent a new code there/)).toBeVisible();
  await page.getByLabel('Verification code', { exact: true }).fill(await codeFromOutbox(api, email));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText(/We sent your one-time password to your e-mail/)).toBeVisible();

  await firstLogin(page, email, await passwordFromOutbox(api, email));
  await expect(page).toHaveURL(/\/myaccount$/);
  await expect(page.getByText('Your application is awaiting approval')).toBeVisible();
});
