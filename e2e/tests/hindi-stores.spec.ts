import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test, reviewScreenshot } from '../fixtures';
import { chooseHindi, textOutsideCatalogue, usePseudoLocale } from '../pseudo-locale';

/**
 * Hindi beside English (issue 26), the stores and skills screens: in the pseudo-locale (every
 * catalogue string drawn as ⟦…⟧) the store locator with its answer, a store's page with its
 * catalogue, and skill discovery show no interface text outside the catalogue; the store locator
 * reads in Hindi. People's data (store names, addresses, hours, categories, products, posts) is left
 * out of the check by selector.
 */

const SCREENS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.test-output/screens');
// The demo marketplace: Nimbus Audio is sold at MG Road Electronics and by the brand itself.
const MG_ROAD = { latitude: 12.9756, longitude: 77.605 };
const STORE = 'MG Road Electronics';

/** No internet in the tests: the map loads no tiles and directions are not followed. */
async function offline(context: BrowserContext) {
  await context.route('https://www.google.com/maps/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Directions</title>' }),
  );
}

async function demoStoreUserId(api: APIRequestContext): Promise<string> {
  const shops = (await (await api.get('/api/shop/getAllShopsDetailsWithoutUserInfo')).json()) as {
    Data: { name: string; user_id: { _id: string } }[];
  };
  const shop = shops.Data.find((s) => s.name === STORE);
  if (!shop) throw new Error(`${STORE} is not in the demo data`);
  return shop.user_id._id;
}

/** Searches the locator for Nimbus Audio by brand, whatever language the page is in. */
async function searchBrand(page: Page) {
  await page.locator('input[type="radio"][value="brand"]').check();
  await page.locator('.locator-search input[name="brand"]').fill('Nimbus Audio');
  await page.locator('.locator-search button[type="submit"]').click();
  await expect(page.locator('.locator-store')).toHaveCount(2);
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await reviewScreenshot(page, { path: path.join(SCREENS, `hindi-${name}-${width}.png`), fullPage: true });
  }
}

const LOCATOR_DATA = [
  '.locator-store__name',
  '.locator-store__address',
  '.locator-store__value',
  '.combobox__list',
];
const STORE_DATA = [
  '.store__name',
  '.store__fact dd',
  '.store__categories',
  '.catalogue__title',
  '.catalogue__meta',
  '.catalogue__sizes',
  // Its reviews' and answered questions' own words.
  '.store-hub__title',
  '.store-hub__text',
];
const SKILL_DATA = ['.typewriter', '.skill-card__title', '.skill-card__text', '.skill-card__name'];

test.describe('Hindi: stores and skills', () => {
  test.use({ geolocation: MG_ROAD, permissions: ['geolocation'] });

  test('the pseudo-locale: the store locator and its answer hold no text outside the catalogue', async ({
    page,
    context,
  }) => {
    await offline(context);
    await usePseudoLocale(page);
    await page.goto('/storelocator');
    await expect(page.locator('h1')).toHaveText('⟦Store locator⟧');
    expect(await textOutsideCatalogue(page, LOCATOR_DATA)).toEqual([]);
    await searchBrand(page);
    await expect(page.locator('.locator-results__heading')).toHaveText('⟦Stores near you (2)⟧');
    await expect(page.getByTestId('store-map')).toBeVisible();
    expect(await textOutsideCatalogue(page, LOCATOR_DATA)).toEqual([]);
  });

  test('the pseudo-locale: a store page and its catalogue hold no text outside the catalogue', async ({
    page,
    api,
  }) => {
    const userId = await demoStoreUserId(api);
    await usePseudoLocale(page);
    await page.goto(`/viewstore/${userId}`);
    await expect(page.locator('.store__name')).toHaveText(STORE);
    await expect(page.locator('.catalogue__item').first()).toBeVisible();
    expect(await textOutsideCatalogue(page, STORE_DATA)).toEqual([]);
  });

  test('the pseudo-locale: skill discovery holds no text outside the catalogue', async ({ page }) => {
    await usePseudoLocale(page);
    await page.goto('/skilldiscovery');
    await expect(page.locator('#skills-title')).toContainText('⟦Display your skills⟧');
    await expect(page.locator('#skills-list')).toBeVisible();
    // Both lists answered: posts or their empty states, no spinner left.
    await expect(page.locator('.spinner__ring')).toHaveCount(0);
    expect(await textOutsideCatalogue(page, SKILL_DATA)).toEqual([]);
  });

  test('the store locator and a store page read in Hindi', async ({ page, api, context }) => {
    await offline(context);
    const userId = await demoStoreUserId(api);
    await chooseHindi(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/storelocator');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1, name: 'स्टोर लोकेटर' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'किससे खोजें' })).toBeVisible();
    await page.getByRole('radio', { name: 'ब्रांड' }).check();
    await page.getByRole('combobox', { name: 'ब्रांड' }).fill('Nimbus Audio');
    await page.getByRole('button', { name: 'पास का स्टोर खोजें' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'आपके पास के स्टोर (2)' })).toBeFocused();
    await expect(page.getByRole('link', { name: `स्टोर देखें: ${STORE}` })).toBeVisible();
    await expect(page.getByRole('link', { name: `${STORE} तक का रास्ता देखें (नए टैब में खुलेगा)` })).toBeVisible();
    await expect(page.locator('.locator-store').first()).toContainText(/\d+ m दूर|\d+(\.\d)? km दूर/);
    await shoot(page, 'store-locator');

    await page.goto(`/viewstore/${userId}`);
    await expect(page.getByRole('heading', { level: 2, name: 'डिजिटल कैटलॉग' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'कीमत का प्रकार' })).toBeVisible();
    await expect(page.locator('.catalogue__search').getByRole('button', { name: 'खोजें' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'मॉडल खोजें' })).toBeVisible();
    await expect(page.locator('.catalogue__prices dt').first()).toHaveText('MRP');
    await expect(page.locator('.catalogue__prices dt').nth(1)).toHaveText('बिक्री मूल्य');
    await shoot(page, 'store-page');
  });
});
