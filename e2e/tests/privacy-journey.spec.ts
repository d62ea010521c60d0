import { readFileSync } from 'node:fs';
import {
  adminCredentials,
  apiLogin,
  expect,
  expectNoA11yViolations,
  loginThroughPage,
  test,
  verifyRegistration,
} from '../fixtures';

// Privacy under the DPDP Act (issue 26, decision 040): a signed-in customer downloads everything the
// product holds about them as a ZIP, then deletes the account; the admin sees the deletion done.

const PASSWORD = 'Filter-kaapi-2026';
const QUESTION = 'Which store on Church Street repairs mixer grinders the same day';

test('a customer downloads their data, then deletes the account', async ({ page, api }) => {
  // A long journey (registration, two logins, a download, axe twice): generous on a loaded machine.
  test.setTimeout(180_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `privacy-${stamp}@e2e.test`;
  const mobile = `6${stamp.slice(-9)}`;
  const registered = await api.post('/api/endUsers/registerNewUser', {
    data: { name: 'Lakshmi Rao', email, mobile, if_expert: false },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { data } = (await registered.json()) as { data: { _id: string } };
  const oneTime = await verifyRegistration(api, data._id, email);
  const token = await apiLogin(api, email, oneTime);
  const changed = await api.post('/api/users/changePassword', {
    headers: { Authorization: token },
    data: { currentPassword: oneTime, newPassword: PASSWORD },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  const signedIn = await apiLogin(api, email, PASSWORD);
  const asked = await api.post('/api/app/webSearch', {
    headers: { Authorization: signedIn },
    data: {
      pagination: { page: 1, limit: 10 },
      search: QUESTION,
      userData: { name: 'Lakshmi Rao', email, mobile },
    },
  });
  expect([200, 404]).toContain(asked.status());

  await loginThroughPage(page, '/login', email, PASSWORD);
  await expect(page).toHaveURL(/\/myaccount$/);
  await page.getByRole('link', { name: 'Your data and privacy' }).click();
  await expect(page.getByRole('heading', { name: 'Your data and privacy', level: 1 })).toBeVisible();
  await expect(
    page.getByText(/Tax invoices and credit notes already issued stay exactly as issued for 72 months/),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^revuhub-data-\d{4}-\d\d-\d\d\.zip$/);
  await expect(page.getByText(/Your data is downloaded \(\d+ KB\)/)).toBeVisible();
  const zip = readFileSync(await file.path());
  // A ZIP (local file header) whose JSON, stored as is, holds the account and the query it asked.
  expect(zip.subarray(0, 4).toString('hex')).toBe('504b0304');
  const text = zip.toString('utf8');
  expect(text).toContain('revuhub-data.json');
  expect(text).toContain(email);
  expect(text).toContain(QUESTION);

  // Deleting: the choice and the password are asked for, each on its field.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Choose what happens to your posts and queries')).toBeVisible();
  await page.getByRole('radio', { name: /Remove them/ }).check();
  await page.getByLabel('Your password').fill('not-my-password');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('This password is wrong')).toBeVisible();
  await page.getByLabel('Your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is deleted', level: 1 })).toBeVisible();
  await expect(page.getByText(/1 query removed/)).toBeVisible();
  expect(
    (await api.post('/api/users/login', { data: { userName: email, password: PASSWORD } })).status(),
  ).toBe(401);

  // The admin sees the request and its completion (on the same browser, now signed out).
  const admin = page;
  await loginThroughPage(admin, '/adminlogin', adminCredentials.email, adminCredentials.password);
  await expect(admin).toHaveURL(/\/manageseller$/);
  await admin.getByRole('link', { name: 'Deletion requests' }).click();
  const row = admin.getByRole('row').filter({ hasText: `p***@e2e.test` }).first();
  await expect(row).toContainText('Removed');
  await expect(row).toContainText(/Completed/);
  await expectNoA11yViolations(admin);
});
