import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  approvedSeller,
  expect,
  expectNoA11yViolations,
  loginThroughPage,
  test,
  reviewScreenshot,
} from '../fixtures';

// Issue 23, cash on delivery and totals before paying (decision 032): a seller sets a delivery charge,
// free delivery from an amount and cash on delivery in Edit store; a signed-in buyer sees items,
// delivery and total before the Order button, orders cash on delivery, and follows it from "waiting
// for the seller" to "Paid on delivery" while the seller accepts, dispatches and takes the cash;
// refunded in part, the buyer gives a UPI id and the seller records paying it.

const SCREENS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.test-output/screens');
const shoot = (page: Page, name: string) =>
  reviewScreenshot(page, {
    path: path.join(SCREENS, `cod-${name}-${page.viewportSize()?.width ?? 0}.png`),
    fullPage: true,
  });

/** A kurta at ₹1,499 with 5 in stock, made with the spec's product payload. */
async function addKurta(api: APIRequestContext, token: string) {
  const res = await api.post('/api/products/createNewProduct', {
    headers: { Authorization: token },
    data: {
      images: [],
      videos: [],
      colour: 'Indigo',
      productName: 'Kalaa Dabu Kurta',
      brand: 'Kalaa Weaves',
      model: `Dabu ${Date.now().toString(36)}`,
      moq: '4',
      ogPrice: '1100',
      dsctPrice: '1000',
      retailPrice: '1999',
      dsctRetailPrice: '1499',
      sku: '',
      skuId: '',
      dispatchTime: '1-2 Days',
      category: { parentCategoryName: 'Fashion', childCategoryName: 'Ethnic Wear' },
      gender: 'Women',
      ownership: 'Brand',
      channel: 'Omni',
      size: 'M',
      tags: 'cotton',
      delivery: 'Charged',
      samples: 'no',
      sampleQty: '',
      samplePrice: '',
      creditBooster: '',
      minCreditInstallment: '0',
      memberDsct: '',
      autorenewal: 'no',
      desc: 'Dabu mud-resist printed cotton kurta.',
      sizeTags: '',
      stock: '5',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { Data: { _id: string } }).Data._id;
}

test('a cash-on-delivery order from checkout, with its totals, to "Paid on delivery"', async ({
  page,
  browser,
  api,
  adminApi,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const seller = await approvedSeller(api, adminApi, `Kalaa Store ${stamp}`);
  const productId = await addKurta(api, seller.token);
  // The buyer: an account whose e-mail was proven with a code (here another shopkeeper buying for home).
  const buyer = await approvedSeller(api, adminApi, `Menon Home ${stamp}`);

  // The seller, on a wide screen, sets delivery and cash on delivery in Edit store.
  await page.setViewportSize({ width: 1280, height: 720 });
  await loginThroughPage(page, '/login', seller.email, seller.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/addproduct');
  const terms = page.getByRole('region', { name: 'Delivery and cash on delivery' });
  await terms.getByLabel('Delivery charge (₹)').fill('-10');
  await terms.getByRole('button', { name: 'Save delivery terms' }).click();
  await expect(terms.getByText('Delivery charge cannot be negative').first()).toBeVisible();
  await terms.getByLabel('Delivery charge (₹)').fill('49');
  await terms.getByLabel('Free delivery from (₹)').fill('2500');
  await terms.getByLabel('Accept cash on delivery').check();
  await terms.getByLabel('Cash on delivery up to (₹)').fill('5000');
  // Issue 40: the seller's own window to accept, within 2-72 hours, and items per order.
  await expect(terms.getByLabel('Hours to accept a cash-on-delivery order')).toHaveValue('24');
  await terms.getByLabel('Hours to accept a cash-on-delivery order').fill('80');
  await terms.getByRole('button', { name: 'Save delivery terms' }).click();
  await expect(
    terms.getByText('Hours to accept a cash-on-delivery order must be at most 72').first(),
  ).toBeVisible();
  await terms.getByLabel('Hours to accept a cash-on-delivery order').fill('12');
  await terms.getByLabel('Items per cash-on-delivery order').fill('2');
  await terms.getByRole('button', { name: 'Save delivery terms' }).click();
  await expect(terms.getByText('Delivery terms saved. Buyers see them at checkout.')).toBeVisible();
  await page.reload();
  await expect(terms.getByLabel('Hours to accept a cash-on-delivery order')).toHaveValue('12');
  await terms.scrollIntoViewIfNeeded();
  await expectNoA11yViolations(page, 'delivery terms saved');
  await shoot(page, 'seller-delivery-terms');

  // Issue 38: the seller chooses how order messages reach them; they cannot switch them off.
  await page.goto('/myaccount');
  const channels = page.getByRole('group', { name: /Messages about my orders/ });
  await expect(channels.getByRole('radio', { name: 'E-mail and SMS' })).toBeChecked();
  await channels.getByRole('radio', { name: 'E-mail only' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'Your choices are saved' })).toBeVisible();
  await page.reload();
  await expect(channels.getByRole('radio', { name: 'E-mail only' })).toBeChecked();
  await expect(channels.getByText('New-order messages cannot be switched off')).toBeVisible();
  await expectNoA11yViolations(page, 'seller order-message channels');
  await channels.scrollIntoViewIfNeeded();
  await shoot(page, 'seller-message-channels');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'seller-message-channels');
  await page.setViewportSize({ width: 1280, height: 720 });

  // The buyer, on a phone, sees items, delivery and total before ordering.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const buyerPage = await phone.newPage();
  await loginThroughPage(buyerPage, '/login', buyer.email, buyer.password);
  await buyerPage.waitForURL((url) => !url.pathname.startsWith('/login'));
  await buyerPage.goto(`/checkout/${productId}`);
  const totals = buyerPage.getByRole('region', { name: 'Order total' });
  await expect(totals).toContainText('Items₹1,499');
  await expect(totals).toContainText('Delivery₹49');
  await expect(totals).toContainText('Total₹1,548');
  await expect(totals).toContainText('Delivery is free for items of ₹2,500 or more.');
  await buyerPage.getByLabel('Quantity').fill('2');
  await expect(totals).toContainText('DeliveryFree');
  await expect(totals).toContainText('Total₹2,998');
  await buyerPage.getByLabel('Quantity').fill('1');
  await expect(totals).toContainText('Total₹1,548');

  // No saved address yet (decision 051): the buyer types it, and keeps it for next time.
  await buyerPage.getByLabel('House number').fill('12');
  await buyerPage.getByLabel('Street').fill('Temple Road');
  await buyerPage.getByLabel('Landmark').fill('Near the post office');
  await buyerPage.getByLabel('Pincode').fill('560025');
  await expect(buyerPage.getByLabel('City')).toHaveValue('Bengaluru');
  await expect(
    buyerPage.getByText(
      'Pay the seller in cash at your door. The seller confirms the order within 12 hours.',
    ),
  ).toBeVisible();
  await buyerPage.getByRole('radio', { name: 'Cash on delivery' }).check();
  await expect(buyerPage.getByText('You pay ₹1,548 in cash when it is delivered.')).toBeVisible();
  await expectNoA11yViolations(buyerPage, 'checkout with cash on delivery');
  await shoot(buyerPage, 'buyer-checkout');
  await buyerPage.getByRole('button', { name: 'Order', exact: true }).click();

  // No payment page: the order page says what happens next.
  await expect(buyerPage).toHaveURL(/\/thankyou\/.+\?order_id=/);
  await expect(
    buyerPage.getByRole('heading', { name: 'Cash on delivery: waiting for the seller' }),
  ).toBeVisible();
  await expect(buyerPage.getByText(/You pay ₹1,548 in cash when it is delivered/)).toBeVisible();
  await expectNoA11yViolations(buyerPage, 'order waiting for the seller');
  await shoot(buyerPage, 'buyer-waiting');

  // The seller accepts it, dispatches it and takes the cash at the door.
  await page.goto('/sellerorders');
  const card = page.getByRole('listitem').filter({ hasText: 'Kalaa Dabu Kurta' });
  await expect(card.getByText('Cash on delivery: waiting for the seller')).toBeVisible();
  await expect(card.getByText('Cash on delivery · Delivery ₹49 included')).toBeVisible();
  await card.getByRole('button', { name: 'Accept order' }).click();
  await expect(card.getByText('Cash on delivery: Accepted')).toBeVisible();

  await buyerPage.reload();
  await expect(buyerPage.getByRole('heading', { name: 'Cash on delivery: Accepted' })).toBeVisible();

  // Delivered by the shop itself: no courier or tracking number.
  await card.getByRole('button', { name: 'Mark dispatched' }).click();
  await page
    .getByRole('dialog', { name: 'Mark dispatched' })
    .getByRole('button', { name: 'Dispatch' })
    .click();
  await expect(card.getByText('Dispatched', { exact: true })).toBeVisible();
  await expect(card.getByText('Collect ₹1,548 in cash at the door.')).toBeVisible();
  await expectNoA11yViolations(page, 'seller orders with a cash-on-delivery order');
  await shoot(page, 'seller-orders');
  await card.getByRole('button', { name: 'Paid on delivery' }).click();
  await expect(card.getByText('Paid on delivery', { exact: true })).toBeVisible();
  await expect(card.getByText('Delivered', { exact: true })).toBeVisible();

  await buyerPage.reload();
  await expect(buyerPage.getByRole('heading', { name: 'Paid on delivery' })).toBeVisible();
  await expectNoA11yViolations(buyerPage, 'order paid on delivery');
  await shoot(buyerPage, 'buyer-paid');

  // Refunded in part after delivery: the seller pays it back to the UPI id the buyer gives.
  const orderId = new URL(buyerPage.url()).searchParams.get('order_id')!;
  const refund = await api.post(`/api/orders/${orderId}/refunds`, {
    headers: { Authorization: seller.token },
    data: { amount: '500', reason: 'A button was missing' },
  });
  expect(refund.status(), await refund.text()).toBe(200);
  await buyerPage.reload();
  await expect(
    buyerPage.getByText('The seller pays your refund back to the UPI id or bank account you give below.'),
  ).toBeVisible();
  const yourRefund = buyerPage.getByRole('region', { name: 'Your refund' });
  await yourRefund.getByRole('textbox', { name: 'UPI id' }).fill('menon');
  await yourRefund.getByRole('button', { name: 'Send to the seller' }).click();
  await expect(yourRefund.getByText('Enter a UPI id like name@bank').first()).toBeVisible();
  await yourRefund.getByRole('textbox', { name: 'UPI id' }).fill('menon.home@okhdfc');
  await yourRefund.getByRole('button', { name: 'Send to the seller' }).click();
  await expect(yourRefund.getByText('The seller will pay ₹500 to UPI menon.home@okhdfc.')).toBeVisible();
  await expectNoA11yViolations(buyerPage, 'refund payout details given');
  await shoot(buyerPage, 'buyer-refund');

  await page.reload();
  await expect(card.getByText('Pay ₹500 to UPI menon.home@okhdfc, then record it.')).toBeVisible();
  await card.getByLabel('Payout reference').fill('UTR2026112500417');
  await card.getByRole('button', { name: 'Record payout' }).click();
  await expect(card.getByText('Partially refunded').first()).toBeVisible();
  await buyerPage.reload();
  await expect(
    yourRefund.getByText('Refund of ₹500 paid to UPI menon.home@okhdfc (reference UTR2026112500417).'),
  ).toBeVisible();
  await phone.close();
});
