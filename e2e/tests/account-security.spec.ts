import type { Browser, Page } from '@playwright/test';
import { adminCredentials, codeFromOutbox, expect, loginThroughPage, test } from '../fixtures';

// Issue 13: an applicant proves the e-mail with a code, receives the one-time password there (read
// here from the admin's outbox page, where the embedded messaging provider keeps it), is made to
// change it, and can later reset a forgotten password from /login the same way.

function uniqueApplicant() {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return { email: `secure-${stamp}@e2e.test`, mobile: `6${stamp.slice(-9)}` };
}

async function openOutboxAsAdmin(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await loginThroughPage(page, '/adminlogin', adminCredentials.email, adminCredentials.password);
  await expect(page).toHaveURL(/\/manageseller$/);
  await page.getByRole('link', { name: 'Outbox' }).click();
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
  return page;
}

/** The newest message for a recipient on the outbox page that matches a pattern; returns group 1. */
async function readFromOutbox(page: Page, to: string, pattern: RegExp): Promise<string> {
  await page.getByLabel('Recipient e-mail or mobile').fill(to);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  const message = page.getByRole('listitem').filter({ hasText: pattern }).first();
  await expect(message).toBeVisible();
  const match = pattern.exec((await message.textContent()) ?? '');
  if (!match?.[1]) throw new Error(`no match for ${pattern} in the outbox of ${to}`);
  return match[1];
}

test('an expert verifies the e-mail, gets the password there and must change it', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const applicant = uniqueApplicant();
  await page.goto('/joinasexpert');
  await page.getByLabel('Name', { exact: true }).fill('Divya Menon');
  await page.getByLabel('E-mail', { exact: true }).fill(applicant.email);
  await page.getByLabel('Contact number', { exact: true }).fill(applicant.mobile);
  await page.getByLabel('State', { exact: true }).selectOption('Karnataka');
  await page.getByLabel('City', { exact: true }).selectOption('Bengaluru');
  await page.getByLabel('Education', { exact: true }).selectOption('Post Graduate');
  await page.getByLabel('Expertise', { exact: true }).selectOption('health and fitness');
  await page.getByLabel('Years of experience', { exact: true }).fill('4');
  await page.getByLabel('Instagram', { exact: true }).fill('divya.fit');
  await page.getByLabel('I am 18 or older').check();
  const registered = page.waitForResponse((r) => r.url().endsWith('/api/endUsers/registerNewUser'));
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  expect(await (await registered).text()).not.toMatch(/password/i);
  await expect(page.getByText(/We sent a 6-digit code to your e-mail s\*\*\*@e2e\.test/)).toBeVisible();

  const outbox = await openOutboxAsAdmin(browser);
  const code = await readFromOutbox(outbox, applicant.email, /verification code is (\d{6})/);
  await page.getByLabel('Verification code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(
    page.getByText('Default password for new account: sent to your e-mail s***@e2e.test'),
  ).toBeVisible();
  const password = await readFromOutbox(outbox, applicant.email, /new account:(\S+)/);
  await expect(page.getByText(password)).toHaveCount(0);
  await outbox.context().close();

  await page.getByRole('link', { name: 'Go to login' }).click();
  await loginThroughPage(page, '/login', applicant.email, password);
  await expect(page).toHaveURL(/\/changepassword$/);
  // The server, not only this page, holds the session to the password change.
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i += 1) {
      const value = localStorage.getItem(localStorage.key(i) ?? '') ?? '';
      if (/^[A-Za-z0-9_-]{43}$/.test(value)) return value;
    }
    return '';
  });
  expect(token).not.toBe('');
  const elsewhere = await page.request.get('/api/country/getAllCountries', {
    headers: { Authorization: token },
  });
  expect(elsewhere.status()).toBe(403);

  await page.getByLabel('Current password', { exact: true }).fill(password);
  await page.getByLabel('New password', { exact: true }).fill('Filter-coffee-2026');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Filter-coffee-2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/myaccount$/);
  expect(
    (await page.request.get('/api/country/getAllCountries', { headers: { Authorization: token } })).status(),
  ).toBe(200);
});

test('a forgotten password is reset from /login with a code sent to the verified e-mail', async ({
  page,
  api,
  adminApi,
}) => {
  // An account verified the way the journey above does it, through the API.
  const applicant = uniqueApplicant();
  const res = await api.post('/api/endUsers/registerNewUser', {
    data: { name: 'Imran Sheikh', email: applicant.email, mobile: applicant.mobile, if_expert: false },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { data } = (await res.json()) as { data: { _id: string } };
  const verified = await api.post('/api/users/verifyContact', {
    data: { _id: data._id, code: await codeFromOutbox(adminApi, applicant.email) },
  });
  expect(verified.status()).toBe(200);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password', level: 1 })).toBeVisible();
  await page.getByLabel('E-mail or mobile').fill(applicant.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/we sent it a code/)).toBeVisible();

  await page.getByLabel('Code', { exact: true }).fill('000000');
  await page.getByLabel('New password', { exact: true }).fill('Cardamom-tea-2026');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Cardamom-tea-2026');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(/This code is wrong|expired/).first()).toBeVisible();

  await page.getByLabel('Code', { exact: true }).fill(await codeFromOutbox(adminApi, applicant.email));
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(/Your password has been changed/)).toBeVisible();
  await page.getByRole('link', { name: 'Go to login' }).click();
  await loginThroughPage(page, '/login', applicant.email, 'Cardamom-tea-2026');
  // An expert awaiting approval lands on their account page (issue 10).
  await expect(page).toHaveURL(/\/myaccount$/);
});
