import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  adminCredentials,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  loginThroughPage,
  test,
  reviewScreenshot,
} from '../fixtures';

// Team rights (decision 028): the admin chooses what each team member may do; the member's menu
// shows only that, and the pages open. Also the header at 834 and 1280 px and the toast on a phone.

const SCREENS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.test-output/screens');
const FIRST_PASSWORD = 'Team-first-2026';
const OWN_PASSWORD = 'Team-own-pass-2026';

let sequence = 0;
function uniqueEmail(kind: string) {
  sequence += 1;
  return `${kind}-${Date.now()}${sequence}@e2e.test`;
}

/** Names take letters only: a suffix that tells this run's members apart. */
const letters = () =>
  (Date.now() + sequence++)
    .toString(26)
    .slice(-4)
    .replace(/./g, (c) => String.fromCharCode(65 + parseInt(c, 26)));

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await reviewScreenshot(page, { path: path.join(SCREENS, `h6-${name}-${width}.png`), fullPage: true });
  }
}

/** A team account made by the admin through the API, with no rights yet. */
async function addMember(adminApi: APIRequestContext, name: string) {
  const email = uniqueEmail('team');
  const res = await adminApi.post('/api/admin/team', { data: { name, email, password: FIRST_PASSWORD } });
  expect(res.status(), await res.text()).toBe(201);
  return { email, name };
}

/** Signs in at /teamlogin with the admin's first password and replaces it, as a new member must. */
async function firstTeamLogin(page: Page, email: string) {
  await loginThroughPage(page, '/teamlogin', email, FIRST_PASSWORD);
  await expect(page).toHaveURL(/\/changepassword$/);
  await page.getByLabel('Current password', { exact: true }).fill(FIRST_PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill(OWN_PASSWORD);
  await page.getByLabel('Confirm new password', { exact: true }).fill(OWN_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).not.toHaveURL(/\/changepassword$/);
}

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Every menu label is one line: its text's boxes all share one top. */
async function expectSingleLineLabels(page: Page, label: string) {
  const links = mainMenu(page).locator('.nav__link');
  await expect(links.first()).toBeVisible();
  const broken = await links.evaluateAll((elements) =>
    elements.flatMap((element) => {
      // The tops of every line box of the link's shown text: one top means one line.
      const tops = new Set<number>();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of Array.from(range.getClientRects()))
          if (rect.width > 0) tops.add(Math.round(rect.top));
      }
      return tops.size > 1 ? [element.textContent ?? ''] : [];
    }),
  );
  expect(broken, `menu labels broken over lines on ${label}`).toEqual([]);
  // And each link is no taller than one line with its padding.
  for (const box of await links.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
    expect(box).toBeLessThanOrEqual(48);
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('team rights', () => {
  test('the admin gives a member "See orders": the member sees Orders in the menu and opens it', async ({
    page,
    adminApi,
  }) => {
    // Two sign-ins, a password change and screenshots at two widths: longer than most journeys.
    test.slow();
    const member = await addMember(adminApi, `Sunita Orders ${letters()}`);

    await loginThroughPage(page, '/adminlogin', adminCredentials.email, adminCredentials.password);
    await expect(page).toHaveURL(/\/manageseller$/);
    await mainMenu(page).getByRole('link', { name: 'Team', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Team accounts', level: 1 })).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: member.email });
    const rights = row.getByRole('group', { name: `Rights of ${member.name}` });
    await expect(rights.getByRole('checkbox', { name: /See orders/ })).not.toBeChecked();
    await rights.getByRole('checkbox', { name: /See orders/ }).check();
    await expectNoA11yViolations(page, 'team page with a right ticked');
    await row.getByRole('button', { name: `Save rights of ${member.name}` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Rights of ${member.name} saved` }),
    ).toBeVisible();
    await page.reload();
    await expect(
      page
        .getByRole('group', { name: `Rights of ${member.name}` })
        .getByRole('checkbox', { name: /See orders/ }),
    ).toBeChecked();
    await shoot(page, 'manage-team');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await firstTeamLogin(page, member.email);
    // Only the orders right: that is where the member lands, and all the menu offers beyond home.
    await expect(page).toHaveURL(/\/adminorders$/);
    await expect(mainMenu(page).getByRole('link', { name: 'Orders' })).toBeVisible();
    await expect(mainMenu(page).getByRole('link', { name: 'Moderate reviews' })).toHaveCount(0);
    await expect(mainMenu(page).getByRole('link', { name: 'Approve Sellers' })).toHaveCount(0);
    await page.goto('/viewstores');
    await mainMenu(page).getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('heading', { name: 'All orders', level: 1 })).toBeVisible();
    await expect(page.getByText(/Showing: \d+ orders|No orders match/)).toBeVisible();
    await expect(page.getByText('You are not authorized!')).toHaveCount(0);
    // The search by order number checks what is typed, and asks the server (orders.test: it finds).
    const search = page.getByRole('search', { name: 'Find an order' });
    await search.getByLabel('Order number').fill('RH-12%');
    await search.getByRole('button', { name: 'Find' }).click();
    await expect(
      search.getByText('Type an order number like RH-1A2B3C4D, or its last characters'),
    ).toBeVisible();
    await search.getByLabel('Order number').fill(`RH-${Date.now().toString(16).slice(-8).toUpperCase()}`);
    await search.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByText('No orders match')).toBeVisible();
    await expectNoA11yViolations(page, 'orders for a team member');
    await shoot(page, 'team-orders');
    await search.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByText(/Showing: \d+ orders|No orders match/)).toBeVisible();

    // On a phone the same item is in the burger menu.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(mainMenu(page).getByRole('link', { name: 'Orders' })).toBeVisible();
    await expectNoHorizontalScroll(page, 'orders at 390 px');
  });

  test('a member without the right does not see Orders, and the page and the API refuse', async ({
    page,
    adminApi,
    api,
  }) => {
    const member = await addMember(adminApi, `Vikram Nothing ${letters()}`);
    await firstTeamLogin(page, member.email);
    await expect(mainMenu(page).getByRole('link', { name: 'Orders' })).toHaveCount(0);
    await expect(mainMenu(page).getByRole('link', { name: 'Moderate reviews' })).toHaveCount(0);
    await page.goto('/adminorders');
    await expect(page.getByRole('heading', { name: 'You are not authorized!', level: 1 })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const orders = await api.get('/api/orders/allOrders', { headers: { Authorization: token ?? '' } });
    expect(orders.status()).toBe(403);
    expect(((await orders.json()) as { message: string }).message).toBe('You are not authorized!');
    await expectNoA11yViolations(page, 'orders refused to a member without the right');
  });
});

test.describe('the header', () => {
  for (const width of [834, 1280]) {
    test(`keeps every menu label on one line at ${width} px, for a visitor and for the admin`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/askquery');
      await expect(mainMenu(page).getByRole('button', { name: 'Menu' })).toBeHidden();
      await expectSingleLineLabels(page, `the visitor's menu at ${width} px`);
      await expect(mainMenu(page).getByRole('link', { name: 'Ask a Query' })).toBeVisible();
      // The spec's words: Posts on wide screens.
      await expect(mainMenu(page).getByRole('link', { name: 'Posts', exact: true })).toBeVisible();
      await expectNoHorizontalScroll(page, `header at ${width} px`);
      await reviewScreenshot(page, { path: path.join(SCREENS, `h6-header-visitor-${width}.png`) });

      await loginThroughPage(page, '/adminlogin', adminCredentials.email, adminCredentials.password);
      await expect(page).toHaveURL(/\/manageseller$/);
      await expectSingleLineLabels(page, `the admin's menu at ${width} px`);
      await reviewScreenshot(page, { path: path.join(SCREENS, `h6-header-admin-${width}.png`) });
    });
  }

  test('opens "Validated Posts" on a page headed the same', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/askquery');
    await mainMenu(page).getByRole('link', { name: 'Validated Posts' }).click();
    await expect(page).toHaveURL(/\/validatedreviews$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Validated Posts' })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { level: 1, name: 'Validated Reviews' })).toBeVisible();
    await expectNoA11yViolations(page, 'validated reviews at 390 px');
    await shoot(page, 'validated-reviews');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(mainMenu(page).getByRole('link', { name: 'Validated Reviews' })).toBeVisible();
  });
});

test.describe('the toast on a phone', () => {
  test('shows over the top of the window, clear of the button that caused it, and can be closed', async ({
    page,
    adminApi,
  }) => {
    const member = await addMember(adminApi, `Lakshmi Toast ${letters()}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginThroughPage(page, '/adminlogin', adminCredentials.email, adminCredentials.password);
    await expect(page).toHaveURL(/\/manageseller$/);
    await page.goto('/manageteam');
    const row = page.getByRole('listitem').filter({ hasText: member.email });
    await row.getByRole('checkbox', { name: /Moderate reviews/ }).check();
    const save: Locator = row.getByRole('button', { name: `Save rights of ${member.name}` });
    // Put the button where a bottom toast would sit: at the foot of the window.
    await save.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await save.click();
    const toast = page.locator('.toast--success');
    await expect(toast).toContainText('Success');
    await expect(toast).toContainText(`Rights of ${member.name} saved`);
    await expect(page.getByRole('status').filter({ hasText: 'saved' })).toBeVisible();
    const toastBox = (await toast.boundingBox())!;
    const buttonBox = (await save.boundingBox())!;
    expect(overlaps(toastBox, buttonBox), 'the toast covers the Save button').toBe(false);
    expect(toastBox.y).toBeLessThan(100);
    const background = await toast.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).toBe('rgb(27, 122, 53)');
    await reviewScreenshot(page, { path: path.join(SCREENS, 'h6-toast-390.png') });
    await expectNoA11yViolations(page, 'team page with the toast at 390 px');
    await toast.getByRole('button', { name: 'CLOSE' }).click();
    await expect(toast).toHaveCount(0);
  });
});
