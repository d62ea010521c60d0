// Shoots real screenshots of the built web app for the landing page's app sections and writes them
// as small WebP files to apps/web/src/assets/screenshots/. Usage (after `npm run build`):
//   node scripts/capture-screenshots.mjs
// It starts the built server on a fresh data dir with the demo seed, finds a demo seller through
// the admin API, opens each page on a 390 x 844 phone viewport in Debian's chromium and converts
// the PNG to WebP with sharp. Run `npm run build` again afterwards so the new images are bundled.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { repoRoot as root, startBuiltServer, stopServer } from './built-server.mjs';

const outDir = path.join(root, 'apps/web/src/assets/screenshots');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const admin = { email: 'admin@screenshots.test', password: 'Screenshot-Admin-Pass-2024!' };

/** Output size; the landing page's <img> width and height attributes must match. */
const WIDTH = 360;
const VIEWPORT = { width: 390, height: 844 };

/** The id of a demo seller with a shop, found through the admin list (there is no public one). */
async function findSellerId(/** @type {string} */ baseURL) {
  const login = await fetch(`${baseURL}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: admin.email, password: admin.password }),
  });
  if (login.status !== 200) throw new Error(`admin login answered ${login.status}: ${await login.text()}`);
  const { data } = /** @type {{ data: { token: string } }} */ (await login.json());
  const res = await fetch(`${baseURL}/api/users/getAllUserShopDetailsWithOutMobileAndEmail`, {
    headers: { Authorization: data.token },
  });
  if (res.status !== 200) throw new Error(`the seller list answered ${res.status}`);
  const body = /** @type {{ Data: { _id: string, role: string, shops: unknown[] }[] }} */ (await res.json());
  const seller = body.Data.find((user) => user.role === 'SELLER' && user.shops.length > 0);
  if (!seller) throw new Error('no demo seller with a shop found; is SEED_DEMO working?');
  return seller._id;
}

/** A demo review with photos, from the public feed: its author's id and its own. */
async function findReview(/** @type {string} */ baseURL) {
  const res = await fetch(`${baseURL}/api/inflncr/getAllInfluencersPostsWithoutMobileAndEmail/all/1/20`);
  if (res.status !== 200) throw new Error(`the review feed answered ${res.status}`);
  const body =
    /** @type {{ Data: { _id: string, infId: string, postData: { data: unknown[], caption: { value: string }[] } }[] }} */ (
      await res.json()
    );
  const review = body.Data.find((post) => post.postData.data.length > 0);
  if (!review) throw new Error('no demo review with a photo found; is SEED_DEMO working?');
  // The landing page's alt text names this review (and a journey checks the name is still in the feed).
  console.log(`review shot: "${review.postData.caption[0]?.value}"`);
  return { infId: review.infId, postId: review._id };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'screenshots-data-'));
  const server = await startBuiltServer({ dataDir, admin });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const sellerId = await findSellerId(server.baseURL);
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: VIEWPORT,
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const review = await findReview(server.baseURL);
    // Pages full of the demo data, as a buyer sees them: never our own empty forms.
    const shots = [
      { name: 'store', path: `/viewstore/true/${sellerId}` },
      { name: 'review', path: `/post/${review.infId}/${review.postId}` },
      { name: 'catalogue', path: `/viewstore/true/${sellerId}`, scrollTo: '#catalogue-heading' },
    ];
    fs.mkdirSync(outDir, { recursive: true });
    for (const shot of shots) {
      await page.goto(shot.path, { waitUntil: 'networkidle' });
      if (await page.getByRole('heading', { name: 'Page not found' }).isVisible()) {
        throw new Error(`${shot.path} shows "Page not found"`);
      }
      if (shot.scrollTo) {
        // Just below the sticky header.
        const header = await page.locator('header').first().boundingBox();
        const target = await page.locator(shot.scrollTo).boundingBox();
        if (!target) throw new Error(`${shot.scrollTo} not found on ${shot.path}`);
        await page.evaluate(`window.scrollBy(0, ${Math.round(target.y - (header?.height ?? 0) - 16)})`);
      }
      // Images lazy-load and fonts settle after network idle; give them a moment.
      await page.waitForTimeout(500);
      const png = await page.screenshot({ type: 'png' });
      const file = path.join(outDir, `${shot.name}.webp`);
      const info = await sharp(png).resize({ width: WIDTH }).webp({ quality: 70, effort: 6 }).toFile(file);
      console.log(
        `${path.relative(root, file)}  ${info.width}x${info.height}  ${(info.size / 1024).toFixed(1)} KB`,
      );
    }
    await context.close();
  } finally {
    await browser.close();
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
