import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { expect, test } from '../fixtures';

// The demo marketplace: approved retailers and brands at real Bengaluru coordinates.
const HSR_LAYOUT = { latitude: 12.915, longitude: 77.645 };
const MG_ROAD = { latitude: 12.9756, longitude: 77.605 };
const MALLESHWARAM = { latitude: 13.0031, longitude: 77.5643 };

/** No internet in the tests: the directions site is answered locally (the map loads no tiles). */
async function offline(context: BrowserContext) {
  await context.route('https://www.google.com/maps/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Directions</title><h1>Directions</h1>' }),
  );
}

async function brandUserId(api: APIRequestContext, brand: string, near: typeof MALLESHWARAM) {
  const res = await api.post('/api/shop/getNearbyShopsDetailsWithCategoryAndBrandFilter', {
    data: { lat: near.latitude, long: near.longitude, brand, childCategoryName: '' },
  });
  expect(res.status()).toBe(200);
  const { Data } = (await res.json()) as { Data: Array<{ name: string; user_id: { _id: string } }> };
  const own = Data.find((s) => s.name === brand);
  if (!own) throw new Error(`${brand} is not in the demo data`);
  return own.user_id._id;
}

test.describe('store locator near HSR Layout', () => {
  test.use({ geolocation: HSR_LAYOUT, permissions: ['geolocation'] });

  test('finds the nearest store for a category and opens its directions', async ({ page, context }) => {
    await offline(context);
    await page.goto('/storelocator');
    await expect(page.getByRole('heading', { name: 'Store locator', level: 1 })).toBeVisible();
    const button = page.getByRole('button', { name: 'Get Nearby Store' });
    // Unavailable until a category is chosen, yet reachable, saying why (issue 14).
    await expect(button).toHaveAttribute('aria-disabled', 'true');

    await page.getByRole('combobox', { name: 'Category' }).fill('sports');
    await page.getByRole('option', { name: /^Sports Shoes/ }).click();
    await expect(button).not.toHaveAttribute('aria-disabled');
    await button.click();

    const stores = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(stores).toHaveCount(2);
    await expect(stores.nth(0).getByRole('heading')).toHaveText('HSR Sports Hub');
    await expect(stores.nth(0)).toContainText(/\d+ m away/);
    await expect(stores.nth(0)).toContainText('27th Main Road, Sector 1, HSR Layout, Bengaluru, 560102');
    await expect(stores.nth(1).getByRole('heading')).toHaveText('Stride Lab');
    await expect(stores.nth(1)).toContainText(/\d+\.\d km away/);
    // The map draws the stores and the visitor even without tiles.
    await expect(page.getByTestId('store-map').locator('.locator-pin')).toHaveCount(3);

    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name: 'Get Direction to HSR Sports Hub' }).click();
    const directions = await popup;
    expect(directions.url()).toBe('https://www.google.com/maps/dir/?api=1&destination=12.9116,77.6474');
    await expect(directions.getByRole('heading', { name: 'Directions' })).toBeVisible();
  });
});

test.describe('store locator near MG Road', () => {
  test.use({ geolocation: MG_ROAD, permissions: ['geolocation'] });

  test('finds the nearest store for a brand', async ({ page, context }) => {
    await offline(context);
    await page.goto('/storelocator');
    await page.getByRole('radio', { name: 'Brand' }).check();
    await page.getByRole('combobox', { name: 'Brand' }).fill('Nimbus Audio');
    await page.getByRole('button', { name: 'Get Nearby Store' }).click();

    const stores = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(stores).toHaveCount(2);
    await expect(stores.nth(0).getByRole('heading')).toHaveText('MG Road Electronics');
    await expect(stores.nth(1).getByRole('heading')).toHaveText('Nimbus Audio');
    await expect(page.getByRole('link', { name: 'Get Direction to MG Road Electronics' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=12.9756,77.605',
    );
  });

  test('says so when a brand is unknown', async ({ page, context }) => {
    await offline(context);
    await page.goto('/storelocator');
    await page.getByRole('radio', { name: 'Brand' }).check();
    await page.getByRole('combobox', { name: 'Brand' }).fill('No Such Brand');
    await page.getByRole('button', { name: 'Get Nearby Store' }).click();
    // The answer takes focus, which announces it (issue 14).
    await expect(page.getByText('Brand "No Such Brand" not found')).toBeVisible();
    await expect(page.locator('.locator-answer')).toBeFocused();
  });
});

test.describe("a brand's partner stores", () => {
  test.use({ geolocation: MALLESHWARAM, permissions: ['geolocation'] });

  test('lists only the stores carrying the brand, with Explore Store', async ({ page, context, api }) => {
    await offline(context);
    const kaveri = await brandUserId(api, 'Kaveri Handlooms', MALLESHWARAM);
    await page.goto(`/brandstorelocator/${kaveri}`);
    await expect(page.getByRole('heading', { name: 'Kaveri Handlooms: partner stores' })).toBeVisible();
    await page.getByRole('button', { name: 'Get Nearby Store' }).click();

    const stores = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    // The nearest partner first. Other journeys may clone the brand's products into their own new
    // stores, which makes those partners too, so the list is checked for stores that must be absent.
    await expect(stores.first().getByRole('heading')).toHaveText('Malleshwaram Silk House');
    for (const nonPartner of ['Yelahanka Toy Box', 'Basavanagudi Book Nook', 'HSR Sports Hub']) {
      await expect(stores.filter({ hasText: nonPartner })).toHaveCount(0);
    }
    await page.getByRole('link', { name: 'Explore Store Malleshwaram Silk House' }).click();
    await expect(page).toHaveURL(/\/viewstore\/true\/[a-f0-9]{24}$/);
    await expect(page.getByRole('heading', { name: 'Malleshwaram Silk House' })).toBeVisible();
  });
});

test.describe('without the visitor location', () => {
  test('keeps the locator disabled until a place is chosen, and logs why', async ({ page, context }) => {
    await context.clearPermissions();
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    await page.goto('/storelocator');
    await page.getByRole('combobox', { name: 'Category' }).fill('Ethnic Wear');
    await page.getByRole('option', { name: /^Ethnic Wear/ }).click();
    await expect(page.getByText('Your location is not available.')).toBeVisible();
    const button = page.getByRole('button', { name: 'Get Nearby Store' });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByText('Type a pincode, area or city and choose it from the list.')).toBeVisible();
    expect(logs).toContain('Unable to retrieve your location');
    // Decision 025: a chosen place counts as a location.
    await page.getByRole('combobox', { name: 'Pincode, area or city' }).fill('560003');
    await page.getByRole('option', { name: /^560003/ }).click();
    await expect(button).not.toHaveAttribute('aria-disabled');
  });
});
