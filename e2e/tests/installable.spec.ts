import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, reviewScreenshot } from '../fixtures';

/**
 * Waits until the service worker controls the page: the first visit installs it (precaching the
 * build, which takes a while on a busy machine) and activates it; a reload is then served by it.
 */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active;
    if (!worker || worker.state === 'activated') return;
    await new Promise<void>((resolve) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') resolve();
      });
    });
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test.describe('installable app', () => {
  // The one file about the service worker: the others block it (playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });
  // Installing the service worker precaches the whole build first.
  test.describe.configure({ timeout: 120_000 });

  test('serves a manifest with its name, colours, icons and shortcuts to Ask and Store Locator', async ({
    page,
    request,
  }) => {
    await page.goto('/storelocator');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('no-cache');
    const manifest = (await res.json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string; purpose?: string }>;
      shortcuts: Array<{ name: string; url: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'Revuhub',
      start_url: '/',
      display: 'standalone',
      theme_color: '#1f4e96',
    });
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Ask', '/askquery'],
      ['Store Locator', '/storelocator'],
    ]);
    // Installable: a 192 and a 512 icon, and a maskable one for Android's adaptive icons.
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    }
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
  });

  test('the landing page registers the service worker once it has loaded, and is then controlled by it', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true');
    await controlledByServiceWorker(page);
    const script = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
    expect(new URL(script).pathname).toBe('/sw.js');
    // Served by it, the landing page still reads and searches.
    await expect(page.getByRole('search', { name: 'Search Revuhub' })).toBeVisible();
  });

  test('with the network cut, opens a page seen before and an offline page for one never opened', async ({
    page,
    context,
  }) => {
    await page.goto('/viewstores');
    await controlledByServiceWorker(page);
    // Seen once while online (through the service worker, which keeps a copy).
    await page.goto('/viewstores');
    await expect(page.getByRole('banner')).toBeVisible();

    await context.setOffline(true);
    try {
      await page.goto('/viewstores');
      // The page itself comes from the kept copy and its scripts from the precache.
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page).toHaveTitle(/Revuhub/);

      await page.goto('/termsandconditions');
      await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
      await reviewScreenshot(page, { path: test.info().outputPath('offline-page.png') });

      // API answers are never kept: with no network they fail instead of showing old data.
      const api = await page.evaluate(async () => {
        try {
          return (await fetch('/api/site/settings')).status;
        } catch {
          return 'failed';
        }
      });
      expect(api).toBe('failed');
    } finally {
      await context.setOffline(false);
    }
    // Back online, "Try again" brings the page.
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toHaveCount(0);
  });

  test('offers a newly deployed version with an Update banner that switches to it', async ({ page }) => {
    const webDist = process.env.E2E_WEB_DIST;
    test.skip(!webDist, 'needs the folder the server serves the web app from (set by global setup)');
    await page.goto('/viewstores');
    await controlledByServiceWorker(page);
    await expect(page.getByRole('status').filter({ hasText: 'A new version' })).toHaveCount(0);

    // A new release: the server now sends a different service worker (this server's own copy of
    // the build, e2e/server.ts). The browser finds it when it next checks, as after a deploy.
    const worker = path.join(webDist!, 'sw.js');
    const released = fs.readFileSync(worker, 'utf8');
    fs.writeFileSync(worker, `${released}\n// next release ${Date.now()}\n`);
    try {
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.ready).update();
      });
      const banner = page.getByRole('status').filter({ hasText: 'A new version of Revuhub is available.' });
      await expect(banner).toBeVisible({ timeout: 30_000 });
      await reviewScreenshot(page, { path: test.info().outputPath('update-banner.png') });
      await banner.getByRole('button', { name: 'Update' }).click();
      // The page reloads into the new version: the banner is gone and nothing is left waiting.
      await expect(banner).toHaveCount(0, { timeout: 15_000 });
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const waiting = await page.evaluate(async () => !!(await navigator.serviceWorker.ready).waiting);
      expect(waiting).toBe(false);
    } finally {
      fs.writeFileSync(worker, released);
    }
  });

  test('lets a person put the offer of a new version off with Later', async ({ page }) => {
    const webDist = process.env.E2E_WEB_DIST;
    test.skip(!webDist, 'needs the folder the server serves the web app from (set by global setup)');
    await page.goto('/viewstores');
    await controlledByServiceWorker(page);
    const worker = path.join(webDist!, 'sw.js');
    const released = fs.readFileSync(worker, 'utf8');
    fs.writeFileSync(worker, `${released}\n// next release ${Date.now()}\n`);
    try {
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.ready).update();
      });
      const banner = page.getByRole('status').filter({ hasText: 'A new version of Revuhub is available.' });
      await expect(banner).toBeVisible({ timeout: 30_000 });
      await banner.getByRole('button', { name: 'Later' }).click();
      await expect(banner).toHaveCount(0);
      // Still on the page, with the old version in charge and the new one waiting for next time.
      await expect(page.getByRole('banner')).toBeVisible();
      const waiting = await page.evaluate(async () => !!(await navigator.serviceWorker.ready).waiting);
      expect(waiting).toBe(true);
    } finally {
      fs.writeFileSync(worker, released);
    }
  });
});
