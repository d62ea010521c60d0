import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  addSaree,
  approvedSeller,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  loginThroughPage,
  outboxFor,
  reviewScreenshot,
  test,
} from '../fixtures';

// Issue 41: a buyer pays, the seller dispatches and delivers, the delivery message asks for a
// review; the review written from its link, with 4 stars, is a verified purchase on the product
// page with the new average and histogram; a full refund takes the mark back.

const SCREENS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.test-output/screens');
const shoot = (page: Page, name: string) =>
  reviewScreenshot(page, {
    path: path.join(SCREENS, `verified-review-${name}-${page.viewportSize()?.width ?? 0}.png`),
    fullPage: true,
  });

test('a delivered order asks for a review; it shows as a verified 4-star purchase until refunded', async ({
  browser,
  api,
  adminApi,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const seller = await approvedSeller(api, adminApi, `Ilkal Looms ${stamp}`);
  const productId = await addSaree(api, seller.token);
  const email = `meera.${stamp}@example.com`;
  const mobile = `6${String(Date.now()).slice(-9)}`;
  const placed = await api.post('/api/euOrder/saveOrder2', {
    data: {
      productId,
      quantity: 1,
      address: {
        firstName: 'Meera',
        lastName: 'Iyer',
        houseNo: '7',
        street: 'Temple Street',
        landmark: 'Near the bus stand',
        city: 'Dharwad',
        state: 'Karnataka',
        country: 'India',
        pinCode: '580001',
        email,
        mobile,
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { data, cfOrder } = (await placed.json()) as {
    data: { order: { _id: string } };
    cfOrder: { paymentSessionId: string };
  };
  const orderId = data.order._id;

  // The buyer pays on a phone.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const buyer = await phone.newPage();
  await buyer.goto(`/pay/simulator/${cfOrder.paymentSessionId}`);
  await buyer.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(buyer).toHaveURL(/\/thankyou\/.+\?order_id=/);

  // The seller dispatches and delivers it.
  for (const fulfilment of ['DISPATCHED', 'DELIVERED']) {
    const moved = await api.post('/api/orders/updateFulfilment', {
      headers: { Authorization: seller.token },
      data: { orderId, fulfilment },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }

  // The delivery message asks, once, for a review, with a link to a form tied to the order.
  let link = '';
  await expect
    .poll(
      async () => {
        const asking = (await outboxFor(api, email)).filter((m) => m.text.includes('write your review'));
        link = /https?:\/\/\S+\/revieworder\/\S+/.exec(asking[0]?.text ?? '')?.[0] ?? '';
        return asking.length;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  const url = new URL(link);
  await buyer.goto(`${url.pathname}${url.search}`);
  await expect(buyer.getByRole('heading', { name: 'Review your order' })).toBeVisible();
  await expect(buyer.getByRole('link', { name: 'Ilkal Cotton Saree' })).toBeVisible();
  await expect(buyer.getByText(/^Verified purchase · ordered on \d+ \w+ \d{4}$/)).toBeVisible();
  await expect(buyer.getByText(/Your review is posted as Meera Iyer/)).toBeVisible();

  // Stars are asked for: sending without them says so, by the stars.
  await buyer.getByRole('button', { name: 'Post review' }).click();
  await expect(buyer.getByText('Choose 1 to 5 stars').first()).toBeVisible();
  await buyer.getByRole('radio', { name: '4 stars' }).check();
  await buyer.getByLabel('Title').fill('Lovely weave');
  await buyer.getByLabel('Description').fill('The border is finer than in the photos, and the colour held.');
  await expectNoA11yViolations(buyer, 'review order form');
  await expectNoHorizontalScroll(buyer, 'review order form');
  await shoot(buyer, 'form');
  await buyer.getByRole('button', { name: 'Post review' }).click();
  await expect(buyer.getByText(/Thank you: your review is posted/)).toBeVisible();
  await shoot(buyer, 'posted');

  // The product page: the average, the histogram and the verified mark with the order's day.
  await buyer.getByRole('link', { name: 'See the product' }).click();
  const ratings = buyer.getByRole('region', { name: 'Ratings' });
  await expect(ratings.getByText('4 out of 5')).toBeVisible();
  await expect(ratings.getByText('1 rating · 1 from a verified purchase')).toBeVisible();
  await expect(ratings.getByRole('row', { name: /^4 stars/ })).toContainText('1');
  await expect(ratings.getByRole('row', { name: /^5 stars/ })).toContainText('0');
  await expect(ratings.getByText('Verified purchases: 1 of 1 review (100%).')).toBeVisible();
  const review = buyer.getByRole('listitem').filter({ hasText: 'Lovely weave' });
  await expect(review.getByText('4 out of 5 stars')).toBeVisible();
  await expect(review.getByText(/^Verified purchase · ordered on \d+ \w+ \d{4}$/)).toBeVisible();
  await expectNoA11yViolations(buyer, 'product page with ratings');
  await expectNoHorizontalScroll(buyer, 'product page with ratings');
  await shoot(buyer, 'product');
  await buyer.setViewportSize({ width: 1280, height: 900 });
  await shoot(buyer, 'product');

  // Sending the form again says the order has its review.
  await buyer.goto(`${url.pathname}${url.search}`);
  await expect(buyer.getByText('You have reviewed this order already.')).toBeVisible();

  // Another account writes a newer review; a visitor signs in to vote the first one helpful, and
  // "Most helpful" puts it first.
  const other = await approvedSeller(api, adminApi, `Other Looms ${stamp}`);
  const newer = await api.post('/api/inflncr/addReview', {
    headers: { Authorization: other.token },
    data: {
      caption: [{ index: 0, value: 'Newer review' }],
      description: [{ index: 0, value: 'Arrived in two days.' }],
      storeUserId: seller.id,
      products: [{ id: productId, name: 'Ilkal Cotton Saree', rating: 5 }],
      userData: { name: 'Farah Khan', email: other.email, mobile: '9000000000' },
    },
  });
  expect(newer.status(), await newer.text()).toBe(201);
  await buyer.setViewportSize({ width: 390, height: 844 });
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const voter = await visitor.newPage();
  await voter.goto(`/product/${productId}`);
  // The drawn page is taken over by the app before its links carry where to come back to.
  await voter.waitForLoadState('networkidle');
  const reviewList = voter.getByRole('region', { name: 'Reviews' });
  await expect(reviewList.getByRole('listitem').first()).toContainText('Newer review');
  const first = reviewList.getByRole('listitem').filter({ hasText: 'Lovely weave' });
  await first.getByRole('link', { name: /Sign in to vote/ }).click();
  await voter.getByLabel('E-mail', { exact: true }).fill(other.email);
  await voter.getByLabel('Password', { exact: true }).fill(other.password);
  await voter.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(voter).toHaveURL(new RegExp(`/product/${productId}$`));
  await first.getByRole('button', { name: /^Helpful/ }).click();
  await expect(first.getByText('1 person found this helpful')).toBeVisible();
  await expect(first.getByRole('button', { name: /^Helpful/ })).toHaveAttribute('aria-pressed', 'true');
  await reviewList.getByRole('button', { name: 'Most helpful' }).click();
  await expect(reviewList.getByRole('listitem').first()).toContainText('Lovely weave');
  await expectNoA11yViolations(voter, 'product reviews, most helpful first');
  await shoot(voter, 'most-helpful');
  await visitor.close();

  // The store replies under the review, on a wide screen; the author is told.
  const shop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const sellerPage = await shop.newPage();
  await loginThroughPage(sellerPage, '/login', seller.email, seller.password);
  await sellerPage.waitForURL((u) => !u.pathname.startsWith('/login'));
  await sellerPage.goto(`/product/${productId}`);
  await sellerPage.getByRole('link', { name: 'Lovely weave', exact: true }).click();
  await sellerPage.getByRole('button', { name: 'Reply as the business' }).click();
  await sellerPage.getByLabel('Your reply').fill('Thank you, Meera: the border is woven by hand in Ilkal.');
  await sellerPage.getByRole('button', { name: 'Post reply' }).click();
  await expect(sellerPage.getByText(/^Reply from Ilkal Looms/)).toBeVisible();
  await expect(sellerPage.getByText('Thank you, Meera: the border is woven by hand in Ilkal.')).toBeVisible();
  await expectNoA11yViolations(sellerPage, 'post page with the store reply');
  await shoot(sellerPage, 'reply');
  await shop.close();
  await expect
    .poll(
      async () =>
        (await outboxFor(api, email)).filter((m) => m.subject.includes('replied to your review')).length,
      {
        timeout: 30_000,
      },
    )
    .toBe(1);

  // The other account asks a question; the store answers it; the asker accepts the answer, which
  // then comes first with "Accepted by the asker".
  const asked = await api.post('/api/app/webSearch', {
    headers: { Authorization: other.token },
    data: {
      search: 'Does the Ilkal saree need dry cleaning?',
      type: 'anything',
      userData: { name: 'Farah Khan', email: other.email, mobile: `8${String(Date.now()).slice(-9)}` },
    },
  });
  expect([200, 404]).toContain(asked.status());
  const queryId = ((await asked.json()) as { queryId: string }).queryId;
  for (const [token, title] of [
    [other.token, 'My own note'],
    [seller.token, 'Hand wash in cold water'],
  ] as const) {
    const answered = await api.post('/api/inflncr/addReview', {
      headers: { Authorization: token },
      data: {
        queryId,
        caption: [{ index: 0, value: title }],
        description: [{ index: 0, value: 'Mild soap, dry in the shade; no dry cleaning needed.' }],
        storeUserId: seller.id,
        userData: { name: 'Answer', email: other.email, mobile: '9000000000' },
      },
    });
    expect(answered.status(), await answered.text()).toBe(201);
  }
  const asking = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const askerPage = await asking.newPage();
  await loginThroughPage(askerPage, '/login', other.email, other.password);
  await askerPage.waitForURL((u) => !u.pathname.startsWith('/login'));
  await askerPage.goto(`/question/${queryId}`);
  await askerPage.waitForLoadState('networkidle');
  const answersList = askerPage.getByRole('region', { name: /answers?$/ });
  const storeAnswer = answersList.getByRole('listitem').filter({ hasText: 'Hand wash in cold water' });
  await storeAnswer.getByRole('button', { name: /^Accept this answer/ }).click();
  await expect(answersList.getByRole('listitem').first()).toContainText('Accepted by the asker');
  await expect(answersList.getByRole('listitem').first()).toContainText('Hand wash in cold water');
  await expectNoA11yViolations(askerPage, 'question page with an accepted answer');
  await shoot(askerPage, 'accepted');
  await asking.close();

  // Someone buys from the review with its author as referrer; at delivery the reward is earned,
  // and the review says so beside it.
  const found = (await (
    await api.get(`/api/inflncr/getPostsByTaggedProductId/${productId}?limit=50`)
  ).json()) as {
    Data: Array<{ _id: string; infId: string; postData: { caption: Array<{ value: string }> } }>;
  };
  const meera = found.Data.find((p) => p.postData.caption[0]?.value === 'Lovely weave')!;
  const referred = await api.post('/api/euOrder/saveOrder2', {
    data: {
      productId,
      quantity: 1,
      mentionInfId: meera.infId,
      mentionPostId: meera._id,
      referrercontactNum: mobile,
      address: {
        firstName: 'Ravi',
        lastName: 'Kumar',
        houseNo: '3',
        street: 'Station Road',
        landmark: 'Near the post office',
        city: 'Hubballi',
        state: 'Karnataka',
        country: 'India',
        pinCode: '580020',
        email: `ravi.${stamp}@example.com`,
        mobile: `7${String(Date.now()).slice(-9)}`,
      },
    },
  });
  expect(referred.status(), await referred.text()).toBe(201);
  const sale = (await referred.json()) as {
    data: { order: { _id: string } };
    cfOrder: { paymentSessionId: string };
  };
  const paidSale = await api.post(`/pay/simulator/${sale.cfOrder.paymentSessionId}`, {
    form: { outcome: 'pay' },
    maxRedirects: 0,
  });
  expect(paidSale.status()).toBe(303);
  for (const fulfilment of ['DISPATCHED', 'DELIVERED']) {
    const moved = await api.post('/api/orders/updateFulfilment', {
      headers: { Authorization: seller.token },
      data: { orderId: sale.data.order._id, fulfilment },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  await buyer.goto(`/product/${productId}`);
  await expect(
    buyer
      .getByRole('listitem')
      .filter({ hasText: 'Lovely weave' })
      .getByText('Earns from sales through this review'),
  ).toBeVisible();
  await shoot(buyer, 'label');

  // A full refund: the review stays, its mark goes, and the verified count with it.
  const sales = (await (
    await api.get('/api/orders/sellerOrders', { headers: { Authorization: seller.token } })
  ).json()) as { data: Array<{ _id: string; amount: number }> };
  const amount = sales.data.find((o) => o._id === orderId)!.amount;
  const refund = await api.post(`/api/orders/${orderId}/refunds`, {
    headers: { Authorization: seller.token },
    data: { amount: String(amount), reason: 'Sent the wrong colour' },
  });
  expect(refund.status(), await refund.text()).toBe(200);
  await expect
    .poll(
      async () => {
        await buyer.goto(`/product/${productId}`);
        return buyer
          .getByRole('listitem')
          .filter({ hasText: 'Lovely weave' })
          .getByText('Not verified')
          .count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await expect(
    buyer.getByRole('region', { name: 'Ratings' }).getByText('2 ratings · 0 from verified purchases'),
  ).toBeVisible();
  await shoot(buyer, 'product-refunded');
  await phone.close();
});
