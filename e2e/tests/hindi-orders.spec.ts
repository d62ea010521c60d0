import type { Browser, Page } from '@playwright/test';
import {
  addSaree,
  approvedSeller,
  expect,
  loginThroughPage,
  orderOneSaree,
  test,
  reviewScreenshot,
} from '../fixtures';
import { textOutsideCatalogue, usePseudoLocale } from '../pseudo-locale';

/**
 * Hindi beside English (issue 26, decision 044) for the order lists: in the pseudo-locale (every
 * catalogue string drawn as ⟦…⟧) My orders and the seller's orders, with the cancel, dispatch and
 * refund dialogs open, show no interface text outside the catalogue; and the seller's orders read
 * in Hindi.
 */

/** The product's name, the buyer's address and a refund's reason are people's data. */
const ORDER_DATA = ['.order-list__title', '.order-list__address', '.order-refunds__reason'];

/** One saree ordered and paid on the payment simulator; by `buyerToken`'s account when given. */
async function paidOrder(browser: Browser, productId: string, buyerToken?: string) {
  // Placed from the paying browser, which keeps the order's key (decision 063).
  const context = await browser.newContext();
  const paymentSessionId = await orderOneSaree(context.request, productId, buyerToken);
  const pay = await context.newPage();
  await pay.goto(`/pay/simulator/${paymentSessionId}`);
  await pay.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(pay).toHaveURL(/\/thankyou\/.+\?order_id=/);
  await context.close();
}

/** Signs in through the login page (in English) and waits to leave it. */
async function signIn(page: Page, who: { email: string; password: string }) {
  await loginThroughPage(page, '/login', who.email, who.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Waits for the page's late arrivals, then lists what is not drawn from the catalogue. */
async function expectAllFromCatalogue(page: Page, ready: string) {
  await expect(page.locator(ready).first()).toContainText('⟦');
  await page.waitForLoadState('networkidle');
  expect(await textOutsideCatalogue(page, ORDER_DATA)).toEqual([]);
}

test.describe('Hindi: the order lists', () => {
  test('pseudo-locale: My orders and the seller’s orders, with their dialogs, draw every text from the catalogue', async ({
    page,
    browser,
    api,
    adminApi,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const seller = await approvedSeller(api, adminApi, `Hindi Orders Looms ${stamp}`);
    const productId = await addSaree(api, seller.token);
    // The buyer: another shopkeeper, buying for home.
    const buyer = await approvedSeller(api, adminApi, `Hindi Orders Home ${stamp}`);
    await paidOrder(browser, productId, buyer.token);

    // The buyer's My orders, and the cancel dialog.
    const buyerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const buyerPage = await buyerContext.newPage();
    await signIn(buyerPage, buyer);
    await usePseudoLocale(buyerPage);
    await buyerPage.goto('/myorders');
    await expectAllFromCatalogue(buyerPage, '.order-list__item');
    await expect(buyerPage.getByRole('heading', { level: 1, name: '⟦My orders⟧' })).toBeVisible();
    await buyerPage.getByRole('button', { name: '⟦Cancel order⟧' }).click();
    await expect(buyerPage.getByRole('dialog', { name: '⟦Cancel order⟧' })).toBeVisible();
    expect(await textOutsideCatalogue(buyerPage, ORDER_DATA)).toEqual([]);
    await buyerPage.keyboard.press('Escape');

    // The seller's orders, then the dispatch dialog and the refund dialog with its field errors.
    await signIn(page, seller);
    await usePseudoLocale(page);
    await page.goto('/sellerorders');
    await expectAllFromCatalogue(page, '.order-list__item');
    const card = page.getByRole('listitem').filter({ hasText: 'Ilkal Cotton Saree' });
    await card.getByRole('button', { name: '⟦Mark dispatched⟧' }).click();
    const dispatch = page.getByRole('dialog', { name: '⟦Mark dispatched⟧' });
    await expect(dispatch.getByLabel('⟦Courier (optional)⟧')).toBeVisible();
    await dispatch.getByLabel('⟦Tracking number (optional)⟧').fill('DL 12/3');
    await dispatch.getByRole('button', { name: '⟦Dispatch⟧' }).click();
    await expect(
      dispatch.getByText('⟦A tracking number has only letters, digits and hyphens⟧'),
    ).toBeVisible();
    expect(await textOutsideCatalogue(page, [...ORDER_DATA, 'input'])).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dispatch).toBeHidden();

    await card.getByRole('button', { name: '⟦Refund⟧' }).click();
    const refund = page.getByRole('dialog', { name: '⟦Refund⟧' });
    await expect(refund.getByText('₹1,499').first()).toBeVisible();
    expect(await textOutsideCatalogue(page, ORDER_DATA)).toEqual([]);
    await refund.getByRole('button', { name: '⟦Refund⟧' }).click();
    await expect(refund.getByText('⟦Give a reason of at least 3 characters⟧')).toBeVisible();
    await refund.getByLabel('⟦Amount in rupees⟧').fill('5000');
    await refund.getByRole('button', { name: '⟦Refund⟧' }).click();
    await expect(refund.getByText('⟦At most ₹1,499 can still be refunded⟧')).toBeVisible();
    expect(await textOutsideCatalogue(page, [...ORDER_DATA, 'input'])).toEqual([]);
    await page.keyboard.press('Escape');

    // Dispatched with a courier: the shipment, the invoice link and "Mark delivered".
    await card.getByRole('button', { name: '⟦Mark dispatched⟧' }).click();
    await dispatch.getByLabel('⟦Courier (optional)⟧').fill('Delhivery');
    await dispatch.getByLabel('⟦Tracking number (optional)⟧').fill('DL123');
    await dispatch.getByRole('button', { name: '⟦Dispatch⟧' }).click();
    await expect(dispatch).toBeHidden();
    await expect(card.getByText('⟦Shipped with Delhivery, tracking number DL123⟧')).toBeVisible();
    await expect(card.getByRole('link', { name: /^⟦Download invoice .+⟧$/ })).toBeVisible();
    await expect(card.getByRole('button', { name: '⟦Mark delivered⟧' })).toBeVisible();
    await expectAllFromCatalogue(page, '.order-list__item');

    await buyerPage.reload();
    await expect(buyerPage.getByText('⟦Shipped with Delhivery, tracking number DL123⟧')).toBeVisible();
    await expectAllFromCatalogue(buyerPage, '.order-list__item');
    await buyerContext.close();
  });

  test('the seller’s orders, with the dispatch and refund dialogs, read in Hindi', async ({
    page,
    browser,
    api,
    adminApi,
  }, testInfo) => {
    test.setTimeout(90_000);
    const seller = await approvedSeller(api, adminApi, `Hindi Orders Sarees ${Date.now().toString(36)}`);
    const productId = await addSaree(api, seller.token);
    await paidOrder(browser, productId);
    await signIn(page, seller);
    await page.evaluate(() => localStorage.setItem('language', 'hi'));
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto('/sellerorders');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1, name: 'आपके प्रोडक्ट के ऑर्डर' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'मेरे ऑर्डर' })).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: 'Ilkal Cotton Saree' });
    await expect(card.getByText('1 × ₹1,499 = ₹1,499')).toBeVisible();
    await expect(card.getByText('ऑनलाइन भुगतान', { exact: true })).toBeVisible();
    await expect(card.getByText('भुगतान हो गया', { exact: true })).toBeVisible();
    await expect(card.getByText('अभी भेजा नहीं गया', { exact: true })).toBeVisible();
    await expect(card.getByText(/को ऑर्डर किया · ऑर्डर /)).toBeVisible();
    await reviewScreenshot(page, { path: testInfo.outputPath('seller-orders-hi-390.png'), fullPage: true });

    await card.getByRole('button', { name: 'रिफ़ंड करें' }).click();
    const refund = page.getByRole('dialog', { name: 'रिफ़ंड करें' });
    await expect(refund.getByText(/ज़्यादा से ज़्यादा ₹1,499 रिफ़ंड किए जा सकते हैं/)).toBeVisible();
    await refund.getByRole('button', { name: 'रिफ़ंड करें' }).click();
    await expect(refund.getByText('कम से कम 3 अक्षरों में कारण बताएँ')).toBeVisible();
    await expect(refund.getByLabel('कारण (ख़रीदार को बताया जाएगा)')).toBeVisible();
    await reviewScreenshot(page, { path: testInfo.outputPath('refund-dialog-hi-390.png') });
    await refund.getByRole('button', { name: 'बंद करें' }).click();

    await card.getByRole('button', { name: 'भेजा गया दर्ज करें' }).click();
    const dispatch = page.getByRole('dialog', { name: 'भेजा गया दर्ज करें' });
    await dispatch.getByLabel('कूरियर (वैकल्पिक)').fill('Delhivery');
    await dispatch.getByLabel('ट्रैकिंग नंबर (वैकल्पिक)').fill('DL123');
    await dispatch.getByRole('button', { name: 'भेजें', exact: true }).click();
    await expect(dispatch).toBeHidden();
    await expect(card.getByText('भेज दिया गया', { exact: true })).toBeVisible();
    await expect(card.getByText('Delhivery से भेजा गया, ट्रैकिंग नंबर DL123')).toBeVisible();
    await expect(card.getByRole('link', { name: /^इनवॉइस .+ डाउनलोड करें$/ })).toBeVisible();
    await expect(card.getByRole('button', { name: 'डिलीवर हुआ दर्ज करें' })).toBeVisible();
  });
});
