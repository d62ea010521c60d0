import type { Page } from '@playwright/test';
import { approvedSeller, expect, loginThroughPage, SELLER_PASSWORD, test } from '../fixtures';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWM4EaBBEmIY1RAwGkonhmvSAAC/xkAQx6EJPQAAAABJRU5ErkJggg==',
  'base64',
);

async function openConsole(page: Page, email: string) {
  await loginThroughPage(page, '/login', email, SELLER_PASSWORD);
  await expect(page).toHaveURL(/\/viewstore\/true\//);
  // The store page's own link (the header offers the same page to sellers).
  await page.getByRole('main').getByRole('link', { name: 'Manage Products' }).click();
  await expect(page.getByRole('heading', { name: 'Add/update product' })).toBeVisible();
}

const HEADER =
  'brand,model,colour,size,gender,category,subCategory,moq,ogPrice,dsctPrice,retailPrice,dsctRetailPrice,sku,tags,desc';

function csvRows(count: number, badLine?: number): string[] {
  const sizes = ['S', 'M', 'L', 'XL'];
  return Array.from({ length: count }, (_, i) => {
    const line = i + 2;
    const mrp = line === badLine ? '12.5' : String(1500 + i);
    return [
      'Pai Weaves',
      `Kurta ${Math.floor(i / 4)}`,
      'Indigo',
      sizes[i % 4],
      'Women',
      'Fashion',
      'Ethnic Wear',
      '2',
      '900',
      '800',
      mrp,
      '1200',
      `PAI-${i}`,
      'kurta',
      `Hand block printed kurta number ${i}`,
    ].join(',');
  });
}

test.describe('seller console', () => {
  test('imports a 200-row CSV only once the bad row is fixed, and exports the same rows back', async ({
    page,
    api,
    adminApi,
  }) => {
    const seller = await approvedSeller(api, adminApi, `Pai Weaves ${Date.now()}`);
    await openConsole(page, seller.email);
    const chooser = page.getByLabel('Choose a CSV file');

    const bad = [HEADER, ...csvRows(200, 101)].join('\n');
    await chooser.setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await expect(page.getByText('1 row(s) have errors. Nothing was stored')).toBeVisible();
    const errorRow = page.getByRole('table', { name: 'Rows with errors' }).getByRole('row').nth(1);
    await expect(errorRow).toContainText('101');
    await expect(errorRow).toContainText('retailPrice');
    await expect(errorRow).toContainText('MRP must be a whole number');
    await expect(page.getByRole('button', { name: /^Import/ })).toHaveCount(0);
    const none = await api.get(`/api/products/getAllProductOnUserId/${seller.id}/true/1/10000`, {
      headers: { Authorization: seller.token },
    });
    expect(((await none.json()) as { Data: unknown[] }).Data).toHaveLength(0);

    const good = [HEADER, ...csvRows(200)];
    await chooser.setInputFiles({
      name: 'catalogue.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(good.join('\n')),
    });
    await expect(page.getByText('Ready: 200 new, 0 to update.')).toBeVisible();
    await page.getByRole('button', { name: 'Import 200 row(s)' }).click();
    await expect(page.getByText('Imported: 200 added, 0 updated.')).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    const exported = (await (await download.createReadStream()).toArray()).join('');
    const lines = exported
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    const header = lines[0]!.split(',');
    expect(lines).toHaveLength(201);
    // The same rows come back, whatever the order, in the columns that were imported.
    const columns = HEADER.split(',');
    const project = (cells: string[]) => columns.map((c) => cells[header.indexOf(c)]).join(',');
    const back = lines.slice(1).map((l) => project(l.split(',')));
    expect(back.sort()).toEqual(good.slice(1).sort());
  });

  test('creates a product with an image, adds variants, clones, disables and re-enables, updates the affiliate code; the store shows both price views', async ({
    page,
    api,
    adminApi,
  }) => {
    const seller = await approvedSeller(api, adminApi, `Pai Boutique ${Date.now()}`);
    await openConsole(page, seller.email);
    const model = `Chanderi Kurta ${Date.now() % 100000}`;

    // New Product with an image.
    await page
      .getByLabel('Product images')
      .setInputFiles({ name: 'kurta.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
    await page.getByLabel('Brand', { exact: true }).fill('Pai Boutique');
    await page.getByLabel('Model', { exact: true }).fill(model);
    await page.getByLabel('Colour', { exact: true }).selectOption('Mustard');
    await page.getByLabel('Gender', { exact: true }).selectOption('Women');
    await page.getByLabel('Category', { exact: true }).selectOption('Fashion');
    await page.getByLabel('Sub-category').selectOption('Ethnic Wear');
    await page.getByLabel('Size', { exact: true }).fill('S');
    await page.getByLabel('Wholesale catalogue price').fill('1000');
    await page.getByLabel('Wholesale selling price').fill('900');
    await page.getByLabel('MRP', { exact: true }).fill('2000');
    await page.getByLabel('Selling price', { exact: true }).fill('1500');
    await page.getByLabel('Description', { exact: true }).fill('Chanderi cotton with hand-block print.');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('The product is added successfully')).toBeVisible();

    // Add Variant: two more sizes of it.
    await page.getByLabel('Own Product').check();
    await page.getByLabel('Your products').selectOption({ label: `Pai Boutique ${model} · Mustard · S` });
    await page.getByLabel('Size tags').fill('M, L');
    await page.getByRole('button', { name: 'Add Variant' }).click();
    await expect(page.getByText('Size: M is added successfully')).toBeVisible();
    await expect(page.getByText('Size: L is added successfully')).toBeVisible();

    // Clone another brand's product.
    await page.getByLabel('Clone Product').check();
    await page.getByLabel('Brand to clone from').fill('Kaveri Handlooms');
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await page
      .getByLabel('Products of Kaveri Handlooms')
      .selectOption({ label: 'Kaveri Handlooms Mysore Silk Saree · Maroon · Free Size' });
    await page.getByLabel('Ownership').selectOption('Reseller');
    // A clone is a creation: it may have its own photo instead of the copied product's (issue 38).
    await page
      .getByLabel('Product images')
      .setInputFiles({ name: 'saree-on-our-rack.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
    const cloned = page.waitForResponse(/\/api\/products\/createNewProduct$/);
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('The product is added successfully')).toBeVisible();
    const clonedMedia = (
      (await (await cloned).json()) as { Data: { prdct_attributes: { media: { url: string }[] } } }
    ).Data.prdct_attributes.media;
    // Its own upload, not the copied saree's demo photo.
    expect(clonedMedia.map((m) => m.url)).toEqual([expect.stringMatching(/\/media\/images\//)]);

    // Disable and enable one product.
    await page.getByLabel('Own Product').check();
    const own = page.getByLabel('Your products');
    await own.selectOption({ label: `Pai Boutique ${model} · Mustard · L` });
    await page.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByText('product updated!')).toBeVisible();
    await expect(own.locator('option', { hasText: `${model} · Mustard · L (disabled)` })).toHaveCount(1);
    await own.selectOption({ label: `Pai Boutique ${model} · Mustard · L (disabled)` });
    await page.getByRole('button', { name: 'Enable' }).click();
    await expect(own.locator('option', { hasText: `${model} · Mustard · L (disabled)` })).toHaveCount(0);

    // Seller field: affiliate codes are unique, so a retried run claims a new one.
    const code = `PAI${Date.now() % 1_000_000}`;
    await page.getByLabel('Affiliate code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Update Code: Affiliate code' }).click();
    await expect(page.getByText('Updated', { exact: true })).toBeVisible();
    const store = await api.get(`/api/shop/getSingleStoreDetailsByUserIdWithOutMobileAndEmail/${seller.id}`);
    expect(((await store.json()) as { Data: { affiliate_code: string } }).Data.affiliate_code).toBe(code);
    // The reward balances are credited from orders: shown, not editable.
    await expect(page.getByRole('textbox', { name: 'Remaining reward amount' })).toHaveAttribute(
      'readonly',
      '',
    );

    // The owner's store page: business view, grouped by model and colour, one link per size.
    await page.getByRole('link', { name: 'View Store' }).click();
    await expect(page).toHaveURL(new RegExp(`/viewstore/true/${seller.id}$`));
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Pai Boutique ${model}` }) });
    await expect(card).toContainText('SRP₹1,500');
    await expect(card).toContainText('Wholesale Catalogue Price₹1,000');
    await expect(card).toContainText('Wholesale Selling Price₹900');
    const sizes = card.getByRole('list', { name: /^Sizes of/ }).getByRole('link');
    await expect(sizes).toHaveText(['S', 'M', 'L']);
    await expect(sizes.first()).toHaveAttribute('href', /^\/checkout\/b2b\/true\/[a-f0-9]{24}$/);
    const clone = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Kaveri Handlooms Mysore Silk Saree' }) });
    await expect(clone.getByRole('link', { name: 'Explore Partner Brand' })).toBeVisible();

    // Consumer view: MRP and Selling, sizes to the consumer checkout.
    await page.getByRole('link', { name: 'Consumer prices' }).click();
    await expect(card).toContainText('MRP₹2,000');
    await expect(card).toContainText('Selling₹1,500');
    await expect(card).not.toContainText('Wholesale');
    await expect(sizes.first()).toHaveAttribute('href', /^\/checkout\/[a-f0-9]{24}$/);
  });

  test('the store list shows every approved store by name with View links', async ({ page }) => {
    await page.goto('/viewstores/true');
    await expect(page.getByText(/^Showing: \d+ Stores$/)).toBeVisible();
    const names = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    await page.getByRole('link', { name: 'View Kaveri Handlooms' }).click();
    await expect(page).toHaveURL(/\/viewstore\/true\/[a-f0-9]{24}$/);
    await expect(page.getByRole('heading', { name: 'Kaveri Handlooms', level: 1 })).toBeVisible();
  });
});
