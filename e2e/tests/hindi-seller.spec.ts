import type { APIRequestContext, Page } from '@playwright/test';
import { approvedSeller, expect, loginThroughPage, test, reviewScreenshot } from '../fixtures';
import { textOutsideCatalogue, usePseudoLocale } from '../pseudo-locale';

/**
 * Hindi beside English (issue 26, decision 044) for reviews, the seller console and settlements:
 * in the pseudo-locale (every catalogue string drawn as ⟦…⟧) no visible interface text outside the
 * catalogue, and the seller console in Hindi.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWM4EaBBEmIY1RAwGkonhmvSAAC/xkAQx6EJPQAAAABJRU5ErkJggg==',
  'base64',
);

/** A public review sent without an account, as the add-review form sends it. */
async function publicPost(api: APIRequestContext): Promise<{ infId: string; postId: string }> {
  const n = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  const res = await api.post('/api/inflncr/addReview', {
    data: {
      slug: true,
      type: 'IMAGE',
      kind: 'review',
      caption: [{ index: 0, value: `Soft cotton kurta ${n}` }],
      description: [{ index: 0, value: 'Washed five times, still soft.' }],
      links: { data: [{ name: 'Size chart', url: 'https://example.com/sizes' }], index: 0 },
      hashtags: ['kurta'],
      isPrivate: false,
      userData: { name: 'Meera Iyer', email: `meera.${n}@example.com`, mobile: `94${n}` },
      influencerData: { isService: false },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { infId: string; postId: string };
}

/** Signs a new approved seller in through the login page (in English) and waits for their store. */
async function signInSeller(page: Page, api: APIRequestContext, adminApi: APIRequestContext) {
  const seller = await approvedSeller(api, adminApi, `Hindi Console Sarees ${Date.now().toString(36)}`);
  await loginThroughPage(page, '/login', seller.email, seller.password);
  await expect(page).toHaveURL(/\/viewstore\//);
  return seller;
}

/** Waits for the page's late arrivals, then lists what is not drawn from the catalogue. */
async function expectAllFromCatalogue(page: Page, ready: string, userData: string[]) {
  await expect(page.locator(ready).first()).toContainText('⟦');
  await page.waitForLoadState('networkidle');
  expect(await textOutsideCatalogue(page, userData)).toEqual([]);
}

test.describe('Hindi: reviews and the seller console', () => {
  test('pseudo-locale: the add-review form draws every text from the catalogue', async ({ page }) => {
    await usePseudoLocale(page);
    await page.goto('/addreview');
    // The influencer categories and their hashtags are the site's data, not interface text.
    await expectAllFromCatalogue(page, 'h1', [
      '.review-form__choices .review-form__choice',
      '.review-form__hashtag',
      '.picker__list',
    ]);
    await expect(page.getByRole('checkbox', { name: /18/ })).toBeVisible();
  });

  test('pseudo-locale: a post page draws every text from the catalogue', async ({ page, api }) => {
    const { infId, postId } = await publicPost(api);
    await usePseudoLocale(page);
    await page.goto(`/post/${infId}/${postId}`);
    // The post's own words, links and hashtags, and its address, are the author's data.
    await expectAllFromCatalogue(page, '#mentions-title', [
      '.post-page__title',
      '.post-page__text',
      '.post-page__links',
      '.post-page__tags',
      '.share-panel__link',
    ]);
  });

  test('pseudo-locale: the signed-in seller console and settlements draw every text from the catalogue', async ({
    page,
    api,
    adminApi,
  }) => {
    test.setTimeout(90_000);
    await signInSeller(page, api, adminApi);
    await page.evaluate(() => localStorage.setItem('i18n-pseudo', '1'));

    await page.goto('/addproduct');
    // Categories are the site's data, and the CSV's column names (`_id`, `ogPrice`) what the file
    // holds, not interface text; a chosen file's name is the seller's.
    const consoleData = ['select[name="parentCategoryName"]', '.console__csv code', '.uploader__name'];
    await expectAllFromCatalogue(page, 'h1', consoleData);
    // The colour and GST state pickers label stored English values with catalogue words.
    const options = (picker: string) =>
      page
        .locator(`${picker} option:not([value=""])`)
        .evaluateAll((all) =>
          all.map((o): [string, string] => [(o as HTMLOptionElement).value, o.textContent ?? '']),
        );
    const colours = await options('select[name="colour"]');
    expect(colours).toHaveLength(150);
    expect(colours.filter(([value, label]) => label !== `⟦${value}⟧`)).toEqual([]);
    const states = await options('select[name="stateCode"]');
    expect(states.length).toBeGreaterThan(30);
    expect(
      states.filter(
        ([code, label]) => !/^⟦[A-Z][A-Za-z ]+⟧ \(\d\d\)$/.test(label) || !label.endsWith(`(${code})`),
      ),
    ).toEqual([]);
    // The CSV import's column help, opened.
    await page.locator('.console__columns summary').click();
    await expect(page.locator('.console__columns td').nth(1)).toContainText('⟦');
    // The image uploader, with a photo uploaded: its status, counts and buttons.
    await page
      .getByLabel('⟦Product images⟧', { exact: true })
      .setInputFiles({ name: 'saree.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('⟦Uploaded⟧', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: '⟦Remove saree.png⟧' })).toBeVisible();
    expect(await textOutsideCatalogue(page, consoleData)).toEqual([]);
    // The other modes: the picker of one's own products, and cloning from a brand.
    await page.getByRole('radio', { name: /Own Product/ }).check();
    await expectAllFromCatalogue(page, 'h1', [...consoleData, '.console__picker select']);
    await page.getByRole('radio', { name: /Clone Product/ }).check();
    await expectAllFromCatalogue(page, 'h1', [...consoleData, '.console__picker select']);
    await page.goto('/settlements');
    await expectAllFromCatalogue(page, 'h1', []);
  });

  test('the seller console and settlements read in Hindi', async ({ page, api, adminApi }, testInfo) => {
    test.setTimeout(90_000);
    await signInSeller(page, api, adminApi);
    await page.evaluate(() => localStorage.setItem('language', 'hi'));
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto('/addproduct');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1, name: 'प्रोडक्ट जोड़ें/अपडेट करें' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'सेलर की जानकारी' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'टैक्स की जानकारी' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'डिलीवरी और कैश ऑन डिलीवरी' })).toBeVisible();
    await expect(page.getByLabel('स्टोर का फ़ोन')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'नया प्रोडक्ट' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'प्रोडक्ट जोड़ें', exact: true })).toBeVisible();
    // The values sent stay the spec's; only their words are Hindi.
    await expect(page.getByLabel('भेजने का समय').locator('option', { hasText: '1-2 दिन' })).toHaveAttribute(
      'value',
      '1-2 Days',
    );
    // A colour and a GST state read in Hindi; what is stored stays the English name and the code.
    await expect(page.locator('select[name="colour"] option', { hasText: 'काला' })).toHaveAttribute(
      'value',
      'Black',
    );
    await expect(page.locator('select[name="stateCode"] option', { hasText: 'कर्नाटक (29)' })).toHaveAttribute(
      'value',
      '29',
    );
    await page.getByText('CSV के कॉलम').click();
    await expect(page.getByRole('cell', { name: 'ब्रांड का नाम (ज़रूरी)' })).toBeVisible();
    await reviewScreenshot(page, { path: testInfo.outputPath('seller-console-hi-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await reviewScreenshot(page, { path: testInfo.outputPath('seller-console-hi-1280.png'), fullPage: true });

    await page.goto('/settlements');
    await expect(page.getByRole('heading', { level: 1, name: 'सेटलमेंट' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'CSV एक्सपोर्ट करें' })).toBeVisible();
  });

  test('the add-review form reads in Hindi, with the 18-or-older box', async ({ page }, testInfo) => {
    await page.addInitScript(() => localStorage.setItem('language', 'hi'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/addreview');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1, name: 'समीक्षा लिखें' })).toBeVisible();
    await expect(page.getByLabel('संपर्क नंबर', { exact: true })).toBeVisible();
    const adult = page.getByRole('checkbox', { name: 'मेरी उम्र 18 साल या उससे ज़्यादा है' });
    await expect(adult).toBeVisible();
    // Not sendable yet (aria-disabled), yet pressing it lists what is missing, the box included.
    await page.getByRole('button', { name: 'भेजें', exact: true }).press('Enter');
    await expect(adult).toHaveAccessibleDescription(
      'Revuhub इस्तेमाल करने के लिए आपकी उम्र 18 साल या उससे ज़्यादा होनी चाहिए',
    );
    await reviewScreenshot(page, { path: testInfo.outputPath('review-form-hi-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await reviewScreenshot(page, { path: testInfo.outputPath('review-form-hi-1280.png'), fullPage: true });
  });
});
