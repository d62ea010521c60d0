import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  approvedSeller,
  baseURL,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  loginThroughPage,
  outboxFor,
  test,
} from '../fixtures';

// Issue 22, the asker's and answerer's journey at 390 px: a visitor asks a real question (with
// punctuation), a store answers it with a review tagging one of its products, and a reader of the
// answer goes from the tagged product to its checkout. The asker is told by a message (the outbox
// of the embedded messaging provider) and follows its link to the answer.

const QUESTION = "Do you have the Chanderi kurta in XL? What's your return policy, and is COD available?";
const SCREENS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.test-output/screens');

async function shoot(page: Page, name: string) {
  const { width, height } = page.viewportSize() ?? { width: 390, height: 844 };
  await page.screenshot({ path: path.join(SCREENS, `asker-${name}-${width}.png`), fullPage: true });
  if (width !== 1280) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: path.join(SCREENS, `asker-${name}-1280.png`), fullPage: true });
    await page.setViewportSize({ width, height });
  }
}

/** A kurta the store sells; the spec's product payload without stock (always orderable). */
async function addKurta(api: APIRequestContext, token: string, name: string) {
  const res = await api.post('/api/products/createNewProduct', {
    headers: { Authorization: token },
    data: {
      images: [],
      videos: [],
      colour: 'Ivory',
      productName: name,
      brand: 'Chanderi Handloom',
      model: `XL ${Date.now() % 100000}`,
      moq: '2',
      ogPrice: '1400',
      dsctPrice: '1300',
      retailPrice: '2499',
      dsctRetailPrice: '2199',
      sku: '',
      skuId: '',
      dispatchTime: '1-2 Days',
      category: { parentCategoryName: 'Fashion', childCategoryName: 'Ethnic Wear' },
      gender: 'Women',
      ownership: 'Reseller',
      channel: 'Omni',
      size: 'XL',
      tags: 'chanderi, silk cotton',
      delivery: 'Free',
      samples: 'no',
      sampleQty: '',
      samplePrice: '',
      creditBooster: '',
      minCreditInstallment: '0',
      memberDsct: '',
      autorenewal: 'no',
      desc: 'Handwoven Chanderi silk-cotton kurta with zari buttis.',
      sizeTags: '',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { Data: { _id: string } }).Data._id;
}

test('a visitor asks with punctuation, a store answers tagging its kurta, and a reader buys it from the answer', async ({
  page,
  api,
  adminApi,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now()}`;
  const storeName = `Chanderi Ghar Bhopal ${stamp.slice(-5)}`;
  const productName = `Chanderi Kurta ${stamp.slice(-5)}`;
  const seller = await approvedSeller(api, adminApi, storeName);
  const productId = await addKurta(api, seller.token, productName);

  // 1. A visitor asks the question as they would say it.
  const visitor = await browser.newContext({ baseURL: baseURL(), viewport: { width: 390, height: 844 } });
  const asker = await visitor.newPage();
  await asker.goto('/askquery');
  await expect(asker.getByRole('heading', { level: 1, name: 'Ask a Query' })).toBeVisible();
  await asker.getByRole('textbox', { name: 'Your query' }).fill(QUESTION);
  await asker.getByLabel('Name', { exact: true }).fill('Farah Qureshi');
  await asker.getByLabel('Contact number', { exact: true }).fill(`9${stamp.slice(-9)}`);
  await asker.getByLabel('E-mail', { exact: true }).fill(`farah.${stamp}@example.com`);
  await asker.getByRole('checkbox', { name: 'I am 18 or older' }).check();
  await asker.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(asker.getByRole('heading', { name: 'Thank you for posting your query!' })).toBeFocused();
  // The spec's toast says it too.
  await expect(asker.locator('.toast-region').getByText('Your Query has been saved')).toBeVisible();
  await expectNoA11yViolations(asker, 'query asked');
  await shoot(asker, 'asked');

  // 2. The store, signed in, finds the question and answers it; its contact is filled in.
  await page.setViewportSize({ width: 390, height: 844 });
  await loginThroughPage(page, '/login', seller.email, seller.password);
  await expect(page).toHaveURL(/\/viewstore\//);
  await page.goto('/answerquery');
  await page.getByLabel('Search by key').fill('Chanderi');
  await page.getByRole('button', { name: 'Fetch' }).click();
  await page
    .getByRole('link', { name: `Answer Now: ${QUESTION}` })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Review' })).toBeVisible();
  await expect(page.getByText(QUESTION)).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(seller.email);
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Farah Khan');
  await expect(page.getByLabel('Contact number', { exact: true })).toHaveValue(seller.mobile);
  await page.getByRole('searchbox', { name: 'Store', exact: true }).fill(storeName.slice(0, 12));
  await page.getByRole('button', { name: storeName, exact: true }).click();
  await page.getByRole('searchbox', { name: 'Brand', exact: true }).fill('Nimbus');
  await page.getByRole('button', { name: 'Nimbus Audio', exact: true }).click();
  await page.getByRole('checkbox', { name: new RegExp(productName) }).check();
  await page.getByLabel('Title').fill('Yes, XL is in stock');
  await page
    .getByLabel('Description')
    .fill('Returns within 7 days, no questions asked. COD is available across Madhya Pradesh.');
  await expectNoA11yViolations(page, 'answer form, filled from the account');
  await shoot(page, 'answer-form');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Your review has been saved' })).toBeFocused();
  // The author shares their own post.
  await expect(page.getByRole('heading', { name: 'Share your post' })).toBeVisible();
  const postLink = await page.getByRole('link', { name: 'View your post' }).getAttribute('href');
  expect(postLink).toMatch(/^\/post\/[^/]+\/[^/]+$/);
  const [, , infId, postId] = postLink!.split('/');

  // 3. The asker is told: the message names who answered and links to the answer, which they follow.
  const askerEmail = `farah.${stamp}@example.com`;
  await expect
    .poll(async () => (await outboxFor(api, askerEmail)).map((m) => m.subject), { timeout: 15_000 })
    .toContain('Your query has an answer');
  const told = (await outboxFor(api, askerEmail)).find((m) => m.subject === 'Your query has an answer')!;
  expect(told.text).toContain(`Farah Khan answered your query "Do you have the Chanderi kurta in XL?`);
  const answerUrl = /Read the answer: (\S+)/.exec(told.text)?.[1];
  expect(new URL(answerUrl!).pathname).toBe(postLink);
  expect(told.text).toMatch(/To stop these messages: \S+\/unsubscribe\?token=/);

  // The asker (not signed in) opens the answer from the message: the tagged kurta leads to checkout.
  await asker.goto(new URL(answerUrl!).pathname);
  await expect(asker.getByRole('heading', { level: 1, name: 'Yes, XL is in stock' })).toBeVisible();
  await expect(asker.getByRole('heading', { name: 'Share this review' })).toBeVisible();
  await expect(asker.getByRole('heading', { name: 'Share your post' })).toHaveCount(0);
  await expect(asker.getByRole('link', { name: 'Ask network to validate' })).toHaveCount(0);
  const products = asker.getByRole('list', { name: 'Products' });
  await expect(products.getByRole('link', { name: productName, exact: true })).toHaveAttribute(
    'href',
    `/product/${productId}`,
  );
  const buy = products.getByRole('link', { name: `Buy ${productName}` });
  await expect(buy).toHaveAttribute(
    'href',
    `/buyfrombrandreview/${infId}/${postId}/${seller.id}/${productId}`,
  );
  await expectNoHorizontalScroll(asker, 'post page at 390 px');
  await expectNoA11yViolations(asker, 'post page, read by a visitor');
  await shoot(asker, 'post');
  await buy.click();
  await expect(asker).toHaveURL(
    new RegExp(`/buyfrombrandreview/${infId}/${postId}/${seller.id}/${productId}$`),
  );
  await expect(asker.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(asker.getByRole('heading', { name: 'Yes, XL is in stock' })).toBeVisible();
  await expect(asker.getByRole('heading', { name: productName })).toBeVisible();
  await expect(asker.getByText('₹2,199').first()).toBeVisible();
  await expect(asker.getByRole('button', { name: 'Order', exact: true })).toBeVisible();
  await expectNoA11yViolations(asker, 'checkout from the review');
  await shoot(asker, 'checkout');

  // 4. After buying from the review, "Tag a brand review" opens the tag form with the store and kurta.
  await asker.goto(`/thankyou/${infId}/${postId}/${productId}`);
  const tag = asker.getByRole('link', { name: 'Tag a brand review' });
  await expect(tag).toHaveAttribute('href', `/tagstorereview/${infId}/${postId}/${seller.id}/${productId}`);
  await tag.click();
  await expect(asker.getByRole('heading', { level: 1, name: `Tag a Review to ${storeName}` })).toBeVisible();
  await expect(asker.getByLabel('Product (optional)')).toHaveValue(productId);
  await expectNoA11yViolations(asker, 'tag form from the thank-you page');
  await shoot(asker, 'tag-form');

  // The message's own link stops answer messages, after asking (mail scanners open links).
  const stopLink = new URL(/To stop these messages: (\S+)/.exec(told.text)![1]!);
  await asker.goto(`${stopLink.pathname}${stopLink.search}`);
  await expect(asker.getByRole('heading', { level: 1, name: 'Stop these messages' })).toBeVisible();
  await asker.getByRole('button', { name: 'Stop these messages' }).click();
  await expect(asker.getByRole('status').filter({ hasText: 'Done.' })).toContainText(
    'When someone answers my query',
  );
  await expectNoA11yViolations(asker, 'unsubscribe page');
  await shoot(asker, 'unsubscribed');

  // The store chooses its messages in My Account: tags switched off, saved at once.
  await page.goto('/myaccount');
  const messages = page.getByRole('group', { name: 'Send me an e-mail or SMS' });
  await messages.getByRole('checkbox', { name: /tags my store/ }).uncheck();
  await expect(page.getByText('Your choices are saved')).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole('group', { name: 'Send me an e-mail or SMS' })
      .getByRole('checkbox', { name: /tags my store/ }),
  ).not.toBeChecked();
  await expectNoA11yViolations(page, 'my account, message choices');
  await shoot(page, 'message-choices');

  // The recent reviews list offers the same Buy.
  await asker.goto('/viewreviews');
  await expect(asker.getByRole('link', { name: `Buy ${productName}` }).first()).toHaveAttribute(
    'href',
    `/buyfrombrandreview/${infId}/${postId}/${seller.id}/${productId}`,
  );
  await visitor.close();
});

test('a query asked without an account is not sent until "I am 18 or older" is ticked, then it is', async ({
  page,
}) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/app/webSearch'))
      sent.push(request.postData() ?? '');
  });
  await page.goto('/askquery');
  await expect(page.getByRole('heading', { level: 1, name: 'Ask a Query' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Your query' }).fill(`Is the Chanderi kurta lined ${stamp}?`);
  await page.getByLabel('Name', { exact: true }).fill('Farah Qureshi');
  await page.getByLabel('Contact number', { exact: true }).fill(`9${stamp.slice(-9)}`);
  await page.getByLabel('E-mail', { exact: true }).fill(`farah.adult.${stamp}@example.com`);
  const adult = page.getByRole('checkbox', { name: 'I am 18 or older' });
  await expect(adult).not.toBeChecked();
  await page.getByRole('button', { name: 'Ask', exact: true }).click();

  const message = 'You must be 18 or older to use Revuhub';
  await expect(adult).toHaveAccessibleDescription(message);
  const summary = page.getByRole('group', { name: /Please correct the following/ });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: message })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank you for posting your query!' })).toHaveCount(0);
  expect(sent).toHaveLength(0);

  // Ticked, the same query goes, with the consent beside it.
  await adult.check();
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for posting your query!' })).toBeFocused();
  expect(sent).toHaveLength(1);
  expect(JSON.parse(sent[0]!)).toMatchObject({ consent: { adultConfirmed: true } });
});
