import type { APIRequestContext } from '@playwright/test';
import { apiLogin, approvedSeller, expect, gotoLanding, loginThroughPage, test } from '../fixtures';
import { chooseHindi, textOutsideCatalogue, usePseudoLocale } from '../pseudo-locale';

/**
 * Hindi beside English (issue 26, decision 044): the converted screens in Hindi, the language
 * switch remembered, and, in the pseudo-locale (every catalogue string drawn as ⟦…⟧), no visible
 * interface text that does not come from the catalogue.
 */

/** A demo product (the e2e server starts with the demo marketplace). */
async function demoProductId(api: APIRequestContext): Promise<string> {
  const shops = (await (await api.get('/api/shop/getAllShopsDetailsWithoutUserInfo')).json()) as {
    Data: { user_id: { _id: string } }[];
  };
  for (const shop of shops.Data) {
    const res = await api.get(`/api/products/getProductOnUserId/${shop.user_id._id}/1/50`);
    if (!res.ok()) continue;
    const { Data } = (await res.json()) as { Data: { _id: string; inventory_quantity: number }[] };
    const found = Data.find((p) => p.inventory_quantity > 0);
    if (found) return found._id;
  }
  throw new Error('no demo product');
}

/**
 * The screens converted to the catalogue, and what on each is people's data rather than interface
 * text (left out of the check): review and query texts, product names, search results, the
 * typewriter's half-typed phrase (its whole sentence is checked in the heading), contact details,
 * and the names of social networks.
 */
const SCREENS: { name: string; path: (productId: string) => string; ready: string; userData: string[] }[] = [
  {
    name: 'landing',
    path: () => '/',
    ready: 'h1',
    userData: ['.typewriter', '.lp-review', '.lp-footer__contact a', '.lp-footer__social'],
  },
  { name: 'ask a query', path: () => '/askquery', ready: 'h1', userData: [] },
  {
    name: 'answer a query',
    path: () => '/answerquery',
    ready: '.queries__list, .feedback',
    userData: ['.query-card__text'],
  },
  { name: 'search results', path: () => '/search?q=silk', ready: 'h1', userData: ['.search-results'] },
  {
    name: 'checkout',
    path: (productId) => `/checkout/${productId}`,
    ready: '#selected-product',
    userData: ['#selected-product', '.checkout__product img'],
  },
];

test.describe('Hindi', () => {
  test('the landing page, the ask page and checkout read in Hindi, with html lang="hi"', async ({
    page,
    api,
  }) => {
    const productId = await demoProductId(api);
    await chooseHindi(page);

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1, name: /अपने सवालों के जवाब पाइए/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'विशेषज्ञ के रूप में जुड़ें' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'सवाल, समीक्षाएँ और ख़रीदारी, सब एक जगह' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/askquery');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1, name: 'सवाल पूछें' })).toBeVisible();
    await expect(page.getByText('आप किससे पूछना चाहते हैं?')).toBeVisible();
    await expect(page.getByLabel('आपका सवाल')).toBeVisible();
    await expect(page.getByRole('button', { name: 'पूछें', exact: true })).toBeVisible();

    await page.goto(`/checkout/${productId}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1, name: 'चेकआउट' })).toBeVisible();
    await expect(page.getByLabel('मात्रा')).toBeVisible();
    await expect(page.getByLabel('पिनकोड')).toBeVisible();
    await expect(page.getByRole('button', { name: 'ऑर्डर करें', exact: true })).toBeVisible();
    // Nothing filled in yet: the ICU plural says how many required fields are empty.
    await expect(page.getByText(/^\d+ ज़रूरी फ़ील्ड अभी खाली हैं।$/)).toBeVisible();
  });

  test('the switch is remembered across reloads and pages, and English comes back byte for byte', async ({
    page,
  }) => {
    await gotoLanding(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const hindi = page.getByRole('button', { name: 'हिन्दी' });
    await expect(page.getByRole('group', { name: 'Language' })).toBeVisible();
    // Keyboard: focus the switch and press Enter.
    await hindi.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1, name: /अपने सवालों के जवाब पाइए/ })).toBeVisible();

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1, name: /अपने सवालों के जवाब पाइए/ })).toBeVisible();

    await page.goto('/askquery');
    await expect(page.getByRole('heading', { level: 1, name: 'सवाल पूछें' })).toBeVisible();
    await page.getByRole('group', { name: 'भाषा' }).getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Ask a Query' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Ask a Query' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('API calls carry Accept-Language: hi once Hindi is chosen', async ({ page }) => {
    await chooseHindi(page);
    const call = page.waitForRequest(
      (request) =>
        request.url().includes('/api/') && !!request.headers()['accept-language']?.startsWith('hi'),
    );
    await page.goto('/answerquery');
    expect((await call).headers()['accept-language']).toBe('hi');
  });

  test('signed in, the choice is saved on the account, and the account’s language wins at the next sign-in', async ({
    page,
    api,
    adminApi,
  }) => {
    const seller = await approvedSeller(api, adminApi, `Hindi Saree House ${Date.now()}`);
    await loginThroughPage(page, '/login', seller.email, seller.password);
    // The header's button: a page may show a Logout of its own too. (The navigation's name is
    // translated with the rest: 'Main', 'मुख्य'.)
    const nav = page.getByRole('navigation', { name: /^(Main|मुख्य)$/ });
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();

    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/users/me/preferences') && response.request().method() === 'PATCH',
    );
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    expect((await saved).status()).toBe(200);
    const me = await api.get('/api/users/me', {
      headers: { Authorization: await apiLogin(api, seller.email, seller.password) },
    });
    expect(((await me.json()) as { data: { language: string } }).data.language).toBe('hi');

    // Another browser that was left in English: signing in brings the account's Hindi.
    await nav.getByRole('button', { name: 'लॉग आउट' }).click();
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await loginThroughPage(page, '/login?lng=en', seller.email, seller.password);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(nav.getByRole('button', { name: 'लॉग आउट' })).toBeVisible();
  });

  for (const screen of SCREENS) {
    test(`pseudo-locale: every visible text on ${screen.name} comes from the catalogue`, async ({
      page,
      api,
    }) => {
      const productId = screen.name === 'checkout' ? await demoProductId(api) : '';
      await usePseudoLocale(page);
      await page.goto(screen.path(productId));
      await expect(page.locator(screen.ready).first()).toBeVisible();
      // Let late arrivals (latest reviews, site settings, the product's delivery terms) draw.
      await page.waitForLoadState('networkidle');
      await expect(page.locator('h1').first()).toContainText('⟦');
      expect(await textOutsideCatalogue(page, screen.userData)).toEqual([]);
    });
  }
});
