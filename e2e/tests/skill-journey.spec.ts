import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  adminCredentials,
  apiLogin,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  loginThroughPage,
  test,
  verifyRegistration,
  reviewScreenshot,
} from '../fixtures';

// Issue 22, the skill sharer and recruiter (decision 026): a creator's private skill post is seen
// by its author and by recruiters the admin approved; a recruiter contacts the creator through the
// platform, and the creator reads the message on their own page.

const SCREENS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.test-output/screens');
const PASSWORD = 'Filter-coffee-2026';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWM4EaBBEmIY1RAwGkonhmvSAAC/xkAQx6EJPQAAAABJRU5ErkJggg==',
  'base64',
);
const WORD = `zk${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A customer account registered, verified with its code and given its own password. */
async function provenAccount(api: APIRequestContext, name: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const email = `${name.split(' ')[0]!.toLowerCase()}.${stamp}@example.com`;
  const mobile = `8${stamp.slice(-9)}`;
  const res = await api.post('/api/endUsers/registerNewUser', {
    data: { name, email, mobile, if_expert: false },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { data } = (await res.json()) as { data: { _id: string } };
  const oneTime = await verifyRegistration(api, data._id, email);
  const changed = await api.post('/api/users/changePassword', {
    headers: { Authorization: await apiLogin(api, email, oneTime) },
    data: { currentPassword: oneTime, newPassword: PASSWORD },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return { name, email, mobile };
}

async function signIn(page: Page, email: string) {
  await loginThroughPage(page, '/login', email, PASSWORD);
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Full-page screenshots at 390, 834 (the spec's breakpoint) and 1280 px, with no sideways scroll. */
async function screens(page: Page, name: string) {
  for (const width of [390, 834, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoHorizontalScroll(page, `${name} at ${width}`);
    await reviewScreenshot(page, { path: path.join(SCREENS, `h4-${name}-${width}.png`), fullPage: true });
  }
}

async function newPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

test('a creator shares a skill privately with a photo, an approved recruiter finds it and contacts them, the creator reads it', async ({
  page,
  browser,
  api,
}) => {
  test.setTimeout(180_000);
  const creator = await provenAccount(api, 'Meena Iyer');
  const recruiterAccount = await provenAccount(api, 'Rahul Khanna');
  const title = `Solar inverter repair ${WORD}`;

  // The creator posts a skill with a photo, choosing to keep it private (it starts public).
  await signIn(page, creator.email);
  await page.goto('/addskill');
  await page.getByRole('radio', { name: 'Creator / Skill-sharer' }).check();
  await page.getByRole('button', { name: 'Share a Skill or Experience', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Experience' })).toBeFocused();
  // Signed in: the form starts with the account's name and e-mail, and its number once the account
  // is read (typing it before that raced the fill).
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(creator.name);
  await expect(page.getByLabel('E-mail')).toHaveValue(creator.email);
  await expect(page.getByLabel('Contact number')).toHaveValue(creator.mobile);
  const privately = page.getByRole('checkbox', { name: 'Respond Privately' });
  await expect(privately).not.toBeChecked();
  await privately.check();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description').fill('Repaired forty 5 kVA inverters for rooftop solar in Pune.');
  await page.getByLabel('Photos of your work (up to 10)').setInputFiles({
    name: 'inverter.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your post has been added' })).toBeFocused();
  await expect(page.getByText('Only you and approved recruiters can see this')).toBeVisible();
  await expectNoA11yViolations(page, 'skill posted');
  await screens(page, 'skill-posted');

  // The success view links to the post, which shows the photo.
  await page.getByRole('link', { name: 'View your post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('img', { name: `Image 1 of ${title}` })).toBeVisible();

  // On Skill Discovery the creator finds it under "Your posts", marked private, with its photo.
  await page.goto('/skilldiscovery');
  const mine = page
    .getByRole('list', { name: 'Your posts' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(mine).toContainText('Only you and approved recruiters can see this');
  await expect(mine.getByRole('img', { name: `Photo of ${title}` })).toBeVisible();
  await expect(mine.getByRole('button', { name: /^Contact/ })).toHaveCount(0);
  await expectNoA11yViolations(page, 'skill discovery, author');
  await screens(page, 'skill-discovery-author');

  // A visitor does not see it, and is asked to log in to apply as a recruiter.
  const visitor = await newPage(browser);
  await visitor.goto(`/skilldiscovery?q=${WORD}`);
  await expect(visitor.getByText('No results found!')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Log in to apply as recruiter' })).toBeVisible();
  await visitor.context().close();

  // Someone who signs in and merely picks the recruiter persona does not see it either: they apply.
  const recruiter = await newPage(browser);
  await signIn(recruiter, recruiterAccount.email);
  await recruiter.goto('/addskill');
  await recruiter.getByRole('radio', { name: 'Recruiter' }).check();
  await expect(recruiter.getByRole('button', { name: 'Add a Recruting Position' })).toBeVisible();
  await recruiter.getByRole('link', { name: 'Apply as recruiter to see private skill posts' }).click();
  await expect(recruiter).toHaveURL(/\/skilldiscovery#recruiters$/);
  await recruiter.getByRole('searchbox', { name: 'Search skills' }).fill(WORD);
  await recruiter.getByRole('searchbox', { name: 'Search skills' }).press('Enter');
  await expect(recruiter.getByText('No results found!')).toBeVisible();
  await recruiter.getByLabel('Company name').fill('Tata Power Solar');
  await recruiter.getByLabel('What you hire for').fill('Inverter and rooftop solar technicians in Pune');
  await recruiter.getByRole('button', { name: 'Apply as recruiter' }).click();
  await expect(recruiter.getByRole('status').filter({ hasText: 'is with the admin' })).toBeVisible();

  // The admin approves the request on /managerecruiters.
  const admin = await newPage(browser);
  await loginThroughPage(admin, '/adminlogin', adminCredentials.email, adminCredentials.password);
  await admin.waitForURL((url) => url.pathname !== '/adminlogin');
  await admin.getByRole('link', { name: 'Recruiters' }).first().click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Recruiters' })).toBeVisible();
  const request = admin
    .getByRole('list', { name: 'Recruiter requests' })
    .getByRole('listitem')
    .filter({ hasText: recruiterAccount.name });
  await expect(request).toContainText('Inverter and rooftop solar technicians in Pune');
  await expectNoA11yViolations(admin, 'manage recruiters');
  await screens(admin, 'manage-recruiters');
  await request.getByRole('button', { name: `Approve ${recruiterAccount.name}` }).click();
  await expect(request).toHaveCount(0);
  await admin.context().close();

  // Now the recruiter finds the private post, marked, and contacts the creator through the platform.
  await recruiter.goto(`/skilldiscovery?q=${WORD}`);
  await expect(recruiter.getByText(/You are an approved recruiter for Tata Power Solar/)).toBeVisible();
  const card = recruiter
    .getByRole('list', { name: 'Skills', exact: true })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(card).toContainText('Private: shown to you as an approved recruiter');
  await expect(card).not.toContainText(creator.email);
  await expect(card).not.toContainText(creator.mobile);
  await card.getByRole('button', { name: `Contact about ${title}` }).click();
  const form = recruiter.getByRole('form', { name: `Contact about ${title}` });
  await form.getByLabel('Your message').fill('Hi');
  await form.getByLabel('Your e-mail or mobile for the reply').fill('98450');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('Write at least 10 characters').first()).toBeVisible();
  await expectNoA11yViolations(recruiter, 'contact form with errors');
  await form
    .getByLabel('Your message')
    .fill('We are hiring inverter technicians in Pune. Could we talk this week?');
  await form.getByLabel('Your e-mail or mobile for the reply').fill('+91 98450 12345');
  const sent = recruiter.waitForResponse(
    (r) => r.url().includes('/responses') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Send' }).click();
  const answer = await sent;
  expect(answer.status()).toBe(201);
  expect(await answer.text()).not.toContain(creator.email);
  await expect(recruiter.getByRole('status').filter({ hasText: 'Your message has been sent' })).toBeVisible();
  await expectNoA11yViolations(recruiter, 'skill discovery, recruiter');
  await screens(recruiter, 'skill-discovery-recruiter');
  await recruiter.context().close();

  // The creator reads the response, with the contact the recruiter chose to share.
  await page.goto('/skilldiscovery');
  await page.getByRole('link', { name: 'Responses to your posts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Responses to your posts' })).toBeVisible();
  const response = page.getByRole('list', { name: 'Responses' }).getByRole('listitem').first();
  await expect(response.getByRole('heading')).toHaveText(`From ${recruiterAccount.name} about ${title}`);
  await expect(response).toContainText('We are hiring inverter technicians in Pune');
  await expect(response.getByRole('link', { name: '9845012345' })).toHaveAttribute(
    'href',
    'tel:+919845012345',
  );
  await expectNoA11yViolations(page, 'skill responses');
  await screens(page, 'skill-responses');
});

// Issue 39 (decision 061): an experience starts public, so a visitor who is not signed in finds it.
test('a creator posts an Experience and a signed-out visitor finds it on Skill Discovery', async ({
  page,
  browser,
  api,
}) => {
  const creator = await provenAccount(api, 'Kavya Menon');
  const word = `${WORD}pub`;
  // Words no other journey's requirement matches: this post is public to everyone on the server.
  const title = `Bamboo basket class ${word}`;
  await signIn(page, creator.email);
  await page.goto('/addskill');
  await page.getByRole('radio', { name: 'Creator / Skill-sharer' }).check();
  await page.getByRole('button', { name: 'Share a Skill or Experience', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Experience' })).toBeFocused();
  await expect(page.getByLabel('Contact number')).toHaveValue(creator.mobile);
  await expect(page.getByRole('checkbox', { name: 'Respond Privately' })).not.toBeChecked();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description').fill('Taught twelve people in Wayanad to make bamboo baskets.');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your post has been added' })).toBeFocused();
  await expect(page.getByText('Only you and approved recruiters can see this')).toHaveCount(0);

  for (const width of [390, 1280]) {
    const visitor = await browser.newPage({ viewport: { width, height: 900 } });
    await visitor.goto(`/skilldiscovery?q=${word}`);
    const card = visitor.getByRole('listitem').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card).not.toContainText('Only you and approved recruiters can see this');
    await expectNoHorizontalScroll(visitor, `skill discovery at ${width} px`);
    if (width === 390)
      await expectNoA11yViolations(visitor, 'skill discovery, a visitor finds a public experience');
    await visitor.context().close();
  }
});
