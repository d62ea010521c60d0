import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  addSaree,
  approvedSeller,
  expect,
  expectNoA11yViolations,
  loginThroughPage,
  orderOneSaree,
  test,
} from '../fixtures';

// Issue 23, cancellations and refunds (decision 030): a buyer pays on the simulator, the seller
// refunds half with a reason from the seller's orders page, and the buyer's order page reads
// "Partially refunded" with the refund, its amount, date and reason.

const SCREENS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.test-output/screens');
const shoot = (page: Page, name: string) =>
  page.screenshot({
    path: path.join(SCREENS, `refund-${name}-${page.viewportSize()?.width ?? 0}.png`),
    fullPage: true,
  });

test('the seller refunds half of a paid order and the buyer sees "Partially refunded"', async ({
  page,
  browser,
  api,
  adminApi,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now().toString(36);
  const seller = await approvedSeller(api, adminApi, `Ilkal Store ${stamp}`);
  const productId = await addSaree(api, seller.token);

  // A guest buyer orders and pays on the simulator's page, on a phone.
  const paymentSessionId = await orderOneSaree(api, productId);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const buyerPage = await phone.newPage();
  await buyerPage.goto(`/pay/simulator/${paymentSessionId}`);
  await buyerPage.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(buyerPage).toHaveURL(/\/thankyou\/.+\?order_id=/);
  await expect(buyerPage.getByRole('heading', { name: 'Your order has been placed' })).toBeVisible();
  await expect(buyerPage.getByRole('button', { name: 'Cancel order' })).toBeVisible();

  // The seller, on a wide screen, refunds half with a reason.
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginThroughPage(page, '/login', seller.email, seller.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/sellerorders');
  const card = page.getByRole('listitem').filter({ hasText: 'Ilkal Cotton Saree' });
  await card.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund' });
  await expect(dialog.getByText('up to ₹1,499 can be refunded')).toBeVisible();
  await dialog.getByLabel('Amount in rupees').fill('1500');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByText('At most ₹1,499 can still be refunded')).toBeVisible();
  await expect(dialog.getByText('Give a reason of at least 3 characters')).toBeVisible();
  await expectNoA11yViolations(page, 'refund dialog with errors');
  await dialog.getByLabel('Amount in rupees').fill('749.50');
  await dialog.getByLabel('Reason (the buyer is told)').fill('The border was frayed');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Partially refunded').first()).toBeVisible();
  await expect(card.getByText(/₹749\.50 refunded on/)).toBeVisible();
  await expectNoA11yViolations(page, 'seller orders after a partial refund');
  await shoot(page, 'seller-orders');

  // The buyer's order page says so, with the refund.
  await buyerPage.reload();
  await expect(buyerPage.getByText('Partially refunded', { exact: true })).toBeVisible();
  const refunds = buyerPage.getByRole('list', { name: 'Refunds' });
  await expect(refunds).toContainText(/₹749\.50 refunded on \d+ \w+ \d{4} · The border was frayed/);
  await expectNoA11yViolations(buyerPage, 'order page partially refunded');
  await shoot(buyerPage, 'buyer-order');
  await phone.close();
});
