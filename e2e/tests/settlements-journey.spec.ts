import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  adminCredentials,
  approvedSeller,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  loginThroughPage,
  test,
  reviewScreenshot,
} from '../fixtures';

// Issue 23, seller settlements (decision 033): the admin sets the rates, a buyer pays for a kurta,
// the admin refuses a payout above what is owed and records one below it, and the seller reads
// what is owed, what was paid and every row, exports the CSV, and learns that reward amounts add
// up by themselves.

const SCREENS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.test-output/screens');
const shoot = (page: Page, name: string) =>
  reviewScreenshot(page, {
    path: path.join(SCREENS, `settlements-${name}-${page.viewportSize()?.width ?? 0}.png`),
    fullPage: true,
  });

/** A kurta at ₹1,499, paid by a guest buyer on the payment simulator. */
async function paidKurta(api: APIRequestContext, token: string, stamp: string) {
  const product = await api.post('/api/products/createNewProduct', {
    headers: { Authorization: token },
    data: {
      images: [],
      colour: 'Indigo',
      brand: 'Kalaa Weaves',
      model: `Ledger ${stamp}`,
      moq: '4',
      ogPrice: '1100',
      dsctPrice: '1000',
      retailPrice: '1999',
      dsctRetailPrice: '1499',
      category: { parentCategoryName: 'Fashion', childCategoryName: 'Ethnic Wear' },
      gender: 'Women',
      size: 'M',
      desc: 'Dabu mud-resist printed cotton kurta.',
      stock: '5',
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  const productId = ((await product.json()) as { Data: { _id: string } }).Data._id;
  const mobile = `8${String(Date.now()).slice(-9)}`;
  const placed = await api.post('/api/euOrder/saveOrder2', {
    data: {
      productId,
      quantity: 1,
      address: {
        firstName: 'Meera',
        lastName: 'Iyer',
        houseNo: '14',
        street: 'Church Street',
        landmark: 'Opposite the bookshop',
        city: 'Bengaluru',
        state: 'Karnataka',
        country: 'India',
        pinCode: '560001',
        email: `ledger.${stamp}@example.com`,
        mobile,
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { cfOrder } = (await placed.json()) as { cfOrder: { paymentSessionId: string } };
  const paid = await api.post(`/pay/simulator/${cfOrder.paymentSessionId}`, {
    form: { outcome: 'pay' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
}

test('the admin pays a seller what the ledger owes; the seller reads and exports it', async ({
  page,
  browser,
  api,
  adminApi,
}) => {
  // Two people, eight screens and an export: 58 s to past 60 s while the journeys and Vitest
  // shared two cores; as long as the other journeys of this length.
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const storeName = `Ledger Looms ${stamp}`;
  const seller = await approvedSeller(api, adminApi, storeName);

  // The admin sets 5 % commission (TCS 0.5 % and TDS 0.1 %), on a wide screen.
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginThroughPage(page, '/adminlogin', adminCredentials.email, adminCredentials.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/adminlogin'));
  await page.getByRole('link', { name: 'Payouts' }).first().click();
  const rates = page.getByRole('form', { name: 'Rates' });
  await rates.getByLabel('Platform commission (basis points)').fill('500');
  await rates.getByLabel('GST TCS, section 52 (basis points)').fill('50');
  await rates.getByLabel('Income-tax TDS, section 194-O (basis points)').fill('10');
  await rates.getByRole('button', { name: 'Save rates' }).click();
  await expect(rates.getByText('5 % now', { exact: true })).toBeVisible();

  await paidKurta(api, seller.token, stamp);

  // ₹1,499 less ₹74.95 commission and, on its taxable ₹1,270.34 (18 % GST), ₹6.35 TCS and ₹1.27 TDS: ₹1,416.43 owed.
  await page.reload();
  const card = page.getByRole('listitem').filter({ hasText: storeName });
  await expect(card.getByText('Settlement balance ₹1,416.43')).toBeVisible();
  const payout = card.getByRole('form', { name: /Record settlement payout/ });
  await payout.getByLabel('Amount paid, ₹ (settlement)').fill('2000');
  await payout.getByLabel('Bank reference (UTR)').fill(`UTR${stamp}`);
  await payout.getByRole('button', { name: 'Record payout' }).click();
  await expect(payout.getByText('The payout is above what is owed (₹1,416.43)')).toBeVisible();
  await payout.getByLabel('Amount paid, ₹ (settlement)').fill('1000');
  await payout.getByRole('button', { name: 'Record payout' }).click();
  await expect(card.getByText('Settlement balance ₹416.43')).toBeVisible();
  await card.getByText(`Ledger of ${storeName}`).click();
  await expect(card.getByRole('cell', { name: 'Settlement paid out' })).toBeVisible();
  await expectNoA11yViolations(page, 'admin payouts');
  await shoot(page, 'admin');

  // The seller, on a phone: owed, paid, balance, the rows, and the CSV.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const sellerPage = await phone.newPage();
  await loginThroughPage(sellerPage, '/login', seller.email, seller.password);
  await sellerPage.waitForURL((url) => !url.pathname.startsWith('/login'));
  await sellerPage.goto('/settlements');
  await expect(sellerPage.getByRole('heading', { name: 'Settlements' })).toBeVisible();
  const totals = sellerPage.locator('.settlement-totals');
  await expect(totals).toContainText('Owed to you₹1,416.43');
  await expect(totals).toContainText('Paid out₹1,000');
  await expect(totals).toContainText('Balance (to be paid)₹416.43');
  for (const [entry, amount] of [
    ['Sale', '₹1,499'],
    ['Platform commission', '−₹74.95'],
    ['GST TCS (section 52)', '−₹6.35'],
    ['Income-tax TDS (section 194-O)', '−₹1.27'],
    ['Settlement paid out', '−₹1,000'],
  ]) {
    await expect(sellerPage.getByRole('row').filter({ hasText: entry! })).toContainText(amount!);
  }
  await expectNoA11yViolations(sellerPage, 'seller settlements');
  await expectNoHorizontalScroll(sellerPage, 'seller settlements');
  await shoot(sellerPage, 'seller');
  const download = sellerPage.waitForEvent('download');
  await sellerPage.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(csv[0]).toBe('Date,Order,Entry,Amount (INR),Reference,Balance (INR)');
  expect(csv.at(-1)).toContain(`Settlement paid out,-1000.00,UTR${stamp.toUpperCase()},416.43`);

  // The reward amounts have Update Code buttons, as the spec's page does; they say why nothing changes.
  await sellerPage.goto('/addproduct');
  await sellerPage.getByRole('button', { name: 'Update Code: Remaining reward amount' }).click();
  await expect(
    sellerPage.getByText(
      'Reward amounts add up from delivered orders and payouts, and cannot be typed in: only the affiliate code can be updated',
    ),
  ).toBeVisible();
  await phone.close();
});
