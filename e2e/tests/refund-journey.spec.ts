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
  reviewScreenshot,
} from '../fixtures';

// Issue 23, cancellations and refunds (decision 030): a buyer pays on the simulator, the seller
// refunds half with a reason from the seller's orders page, and the buyer's order page reads
// "Partially refunded" with the refund, its amount, date and reason.

const SCREENS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.test-output/screens');
const shoot = (page: Page, name: string) =>
  reviewScreenshot(page, {
    path: path.join(SCREENS, `refund-${name}-${page.viewportSize()?.width ?? 0}.png`),
    fullPage: true,
  });

test('the seller refunds half of a paid order and the buyer sees "Partially refunded"', async ({
  page,
  browser,
  api,
  adminApi,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const seller = await approvedSeller(api, adminApi, `Ilkal Store ${stamp}`);
  const productId = await addSaree(api, seller.token);

  // A guest buyer orders and pays on the simulator's page, on a phone: the phone keeps the order's
  // key (decision 063), so its page opens there without an account.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const paymentSessionId = await orderOneSaree(phone.request, productId);
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
  const number = `RH-${new URL(buyerPage.url()).searchParams.get('order_id')!.slice(-8).toUpperCase()}`;

  // A second order, which the buyer pays and then cancels from its page.
  await buyerPage.goto(`/pay/simulator/${await orderOneSaree(phone.request, productId)}`);
  await buyerPage.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(buyerPage).toHaveURL(/\/thankyou\/.+\?order_id=/);
  const cancelledNumber = `RH-${new URL(buyerPage.url()).searchParams.get('order_id')!.slice(-8).toUpperCase()}`;
  await buyerPage.getByRole('button', { name: 'Cancel order' }).click();
  await buyerPage
    .getByRole('dialog', { name: 'Cancel order' })
    .getByRole('button', { name: 'Cancel order' })
    .click();
  await expect(buyerPage.getByText('Cancelled by you')).toBeVisible();
  await phone.close();

  // The seller's list names each order by its RH number, with its size, and says who cancelled.
  await page.reload();
  const first = page.getByRole('listitem', { name: `Order ${number}` });
  const cancelled = page.getByRole('listitem', { name: `Order ${cancelledNumber}` });
  await expect(first.getByText(new RegExp(`· Order ${number}$`))).toBeVisible();
  await expect(first.getByText('Size Free', { exact: true })).toBeVisible();
  await expect(cancelled.getByText('Cancelled by the buyer', { exact: true })).toBeVisible();

  // A filter by state, kept in the address bar, and the search by number (its tail will do).
  const show = page.getByLabel('Show', { exact: true });
  await show.selectOption({ label: 'Cancelled' });
  await expect(page).toHaveURL(/[?&]state=cancelled/);
  await expect(page.getByRole('status').filter({ hasText: 'Showing 1 order' })).toBeVisible();
  await expect(cancelled).toBeVisible();
  await expect(first).toHaveCount(0);
  await page.reload();
  await expect(show).toHaveValue('cancelled');
  await expect(cancelled).toBeVisible();
  await show.selectOption({ label: 'Delivered' });
  await expect(page.getByText('No orders match')).toBeVisible();
  await show.selectOption({ label: 'All orders' });
  const search = page.getByRole('search', { name: 'Find an order' });
  await search.getByLabel('Order number').fill('RH-??');
  await search.getByRole('button', { name: 'Find' }).click();
  await expect(
    search.getByText('Type an order number like RH-1A2B3C4D, or its last characters'),
  ).toBeVisible();
  await search.getByLabel('Order number').fill(number.slice(-5).toLowerCase());
  await search.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]number=${number.slice(-5).toLowerCase()}`));
  await expect(first).toBeVisible();
  await expect(cancelled).toHaveCount(0);
  await expectNoA11yViolations(page, 'seller orders found by number');
  await shoot(page, 'seller-orders-found');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoA11yViolations(page, 'seller orders found by number, on a phone');
  await shoot(page, 'seller-orders-found');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Dispatched, then "Mark delivered" asks first: Escape keeps it dispatched and focus on the button.
  await first.getByRole('button', { name: 'Mark dispatched' }).click();
  await page
    .getByRole('dialog', { name: 'Mark dispatched' })
    .getByRole('button', { name: 'Dispatch' })
    .click();
  await expect(first.getByText('Dispatched', { exact: true })).toBeVisible();
  const deliver = first.getByRole('button', { name: 'Mark delivered' });
  await deliver.click();
  const confirm = page.getByRole('dialog', { name: 'Mark this order delivered?' });
  await expect(confirm).toContainText(
    `Order ${number} (Ilkal Cotton Saree) will show as delivered to Lakshmi Hegde`,
  );
  await expectNoA11yViolations(page, 'mark delivered confirmation');
  // The viewport only: a full-page picture draws the modal's backdrop over a scrolled copy of the page.
  await reviewScreenshot(page, { path: path.join(SCREENS, 'refund-mark-delivered-confirm-1280.png') });
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(deliver).toBeFocused();
  await expect(first.getByText('Dispatched', { exact: true })).toBeVisible();
  await deliver.click();
  await confirm.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(first.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(deliver).toHaveCount(0);
});
