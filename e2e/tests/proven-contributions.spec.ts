import {
  approvedSeller,
  codeFromOutbox,
  expect,
  expectNoA11yViolations,
  loginThroughPage,
  test,
  reviewScreenshot,
} from '../fixtures';

// Issue 20: a review sent without an account, with the e-mail of an existing account, is that
// account's only once its holder enters the code sent to the account's own e-mail.

test.describe('proven contributions', () => {
  test('a review sent with an existing account’s e-mail waits for its code, then appears under that account', async ({
    page,
    browser,
    api,
    adminApi,
  }) => {
    test.setTimeout(120_000);
    const holder = await approvedSeller(api, adminApi, `Kaveri Sarees ${Date.now().toString(36)}`);
    const title = `Handloom cotton holds its colour ${Date.now().toString(36)}`;

    await page.goto('/addreview');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Review' })).toBeVisible();
    // Someone types the holder's e-mail with another name and number.
    await page.getByLabel('Name', { exact: true }).fill('Rohan Verma');
    await page.getByLabel('Contact number', { exact: true }).fill('9811122233');
    await page.getByLabel('E-mail', { exact: true }).fill(holder.email);
    await page.getByRole('searchbox', { name: 'Store', exact: true }).fill('HSR');
    await page.getByRole('button', { name: 'HSR Sports Hub', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Brand', exact: true }).fill('Nimbus');
    await page.getByRole('button', { name: 'Nimbus Audio', exact: true }).click();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Washed ten times, no fading.');
    await page.getByRole('checkbox', { name: 'I am 18 or older' }).check();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();

    // The spec's success text and share panel stay, with a line saying what happens next.
    await expect(page.getByRole('heading', { name: 'Your review has been saved' })).toBeFocused();
    const masked = `${holder.email.slice(0, 1)}***@example.com`;
    await expect(
      page.getByText(`We sent a code to ${masked} to publish this under your name.`),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Share your post' })).toBeVisible();
    await expectNoA11yViolations(page, 'review waiting for its code');
    await reviewScreenshot(page, { path: test.info().outputPath('waiting-for-code.png'), fullPage: true });

    // Until then, anyone opening the link is told it waits; it is in no list.
    const link = await page.getByRole('link', { name: 'View your post' }).getAttribute('href');
    expect(link).toMatch(/^\/post\/[^/]+\/[^/]+$/);
    const other = await browser.newContext();
    const visitor = await other.newPage();
    await visitor.goto(link!);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Waiting for confirmation' })).toBeVisible();
    await expect(visitor.getByText('Washed ten times')).toHaveCount(0);
    await expectNoA11yViolations(visitor, 'a post waiting for confirmation');
    await visitor.goto('/viewreviews');
    await expect(visitor.getByRole('heading', { level: 1, name: /Recent (Reviews|Posts)/ })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: title })).toHaveCount(0);

    // A wrong code is refused at the field; the code from the holder's mailbox publishes it.
    const codeBox = page.getByLabel('Code from the message');
    await codeBox.fill('000000');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(codeBox).toHaveAccessibleDescription('This code is wrong. Check the message and try again.');
    await codeBox.fill(await codeFromOutbox(api, holder.email));
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page.getByText('Published under your name.')).toBeFocused();
    await reviewScreenshot(page, { path: test.info().outputPath('published.png'), fullPage: true });

    // Now it is the holder's: their name on the post, and in the recent reviews.
    await visitor.goto(link!);
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor.getByText(/^By Farah Khan/)).toBeVisible();
    await visitor.goto('/viewreviews');
    await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
    await other.close();
  });

  test('signed in, the holder sees what was sent with their e-mail and deletes what was not theirs', async ({
    page,
    api,
    adminApi,
  }) => {
    test.setTimeout(90_000);
    const holder = await approvedSeller(api, adminApi, `Nair Provisions ${Date.now().toString(36)}`);
    const asked = await api.post('/api/app/webSearch', {
      data: {
        search: 'Does Nair Provisions sell expired rice',
        type: 'anything',
        userData: { name: 'Mallory', email: holder.email, mobile: '9811122244' },
      },
    });
    expect([200, 404]).toContain(asked.status());
    const { queryId } = (await asked.json()) as { queryId: string };

    await loginThroughPage(page, '/login', holder.email, holder.password);
    await page.waitForURL(/\/viewstore\//);
    await page.goto('/myaccount');
    const waiting = page.getByRole('region', { name: 'Waiting for your confirmation' });
    await expect(waiting.getByText('Does Nair Provisions sell expired rice')).toBeVisible();
    await expectNoA11yViolations(page, 'my account with a contribution waiting');
    await waiting.getByRole('button', { name: 'Not mine: delete' }).click();
    await expect(waiting.getByRole('status')).toHaveText('Deleted. Nothing was published under your name.');
    await expect(waiting.getByText('Does Nair Provisions sell expired rice')).toHaveCount(0);
    expect((await api.get(`/api/queries/getQuery/${queryId}`)).status()).toBe(404);
  });
});
