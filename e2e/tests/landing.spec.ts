import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, gotoLanding, test } from '../fixtures';

const TERMS_SECTIONS = [
  '1. Registration',
  '2. Content and Licences',
  '3. User-Generated Content',
  '4. Warranties',
  '5. Community Rules',
  '6. Use Restrictions',
  '7. Supplier Subscriptions',
  '8. Notices',
  '9. Pricing Errors',
  '10. Links',
  '11. Third-Party Sites',
  '12. Disclaimers',
  '13. Indemnity',
  '14. Limitation of Liability',
  '15. Governing Law',
  '16. Contact',
];

/** Scrolls through the page so lazy images load, then back to the top, for a complete screenshot. */
async function loadLazyImages(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  await page.evaluate(() => window.scrollTo(0, 0));
}

test.describe('landing page', () => {
  test('shows the headline and types the first phrase', async ({ page }) => {
    await page.goto('/');
    const headline = page.getByRole('heading', { level: 1, name: /^Find answers to your queries through/ });
    await expect(headline).toBeVisible();
    // The moving text is hidden from screen readers; the heading's name lists every phrase.
    await expect(headline).toHaveAccessibleName(
      /Personal Experiences.*Reviews and feedbacks.*Expert curated content/,
    );
    await expect(headline.locator('[aria-hidden="true"] .typewriter__text')).toHaveText(
      'Personal Experiences',
    );
  });

  test('arrives rendered: it reads, links and has its title without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto('/');
      await expect(page).toHaveTitle('Revuhub: answers from personal experiences, reviews and experts');
      // A link preview (WhatsApp, X) reads the same title and description (issue 39).
      const previewOf = (key: string) => page.locator(`meta[property="${key}"], meta[name="${key}"]`);
      await expect(previewOf('og:title')).toHaveAttribute(
        'content',
        'Revuhub: answers from personal experiences, reviews and experts',
      );
      await expect(previewOf('og:description')).toHaveAttribute(
        'content',
        /^Revuhub: find answers to your queries/,
      );
      await expect(previewOf('twitter:card')).toHaveAttribute('content', 'summary');
      await expect(
        page.getByRole('heading', { level: 1, name: /^Find answers to your queries through/ }),
      ).toBeVisible();
      await expect(
        page.getByRole('heading', { name: 'One place for questions, reviews and shopping' }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Join as Expert' }).first()).toHaveAttribute(
        'href',
        '/joinasexpert',
      );
      // Styled from the first byte: the stylesheets are inline (the header's brand colour, sticky).
      const header = page.locator('header').first();
      await expect(header).toHaveCSS('position', 'sticky');
      await expect(header).toHaveCSS('background-color', 'rgb(31, 78, 150)');
      expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
      // Ways in (issue 39): ask, read the reviews, find a store, find a skill, each a plain link.
      const explore = page.getByRole('navigation', { name: 'Explore' });
      for (const [name, href] of [
        ['Ask a question', '/askquery'],
        ['Read reviews', '/viewreviews'],
        ['Find a store near you', '/storelocator'],
        ['Discover skills', '/skilldiscovery'],
      ]) {
        await expect(explore.getByRole('link', { name })).toHaveAttribute('href', href!);
      }
      // The search box is a plain form: it searches before, and without, the page's script.
      const search = page.getByRole('search', { name: 'Search Revuhub' });
      await search.getByLabel('Search reviews, questions, products and stores').fill('Nimbus');
      await search.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/\/search\?q=Nimbus$/);
    } finally {
      await context.close();
    }
  });

  test('its script takes the page over without errors and loads no router code', async ({ page }) => {
    const problems: string[] = [];
    const scripts: string[] = [];
    page.on('console', (message) => {
      // These journeys run with service workers blocked (playwright.config.ts): the landing page's
      // attempt to register one is expected, and installable.spec.ts checks it succeeds.
      if (
        /Service Worker registration blocked by Playwright|Service worker not registered/i.test(
          message.text(),
        )
      )
        return;
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await gotoLanding(page);
    // Taken over, not drawn again: the typed phrase appears in the heading that was already there.
    const typed = page.getByRole('heading', { level: 1 }).locator('[aria-hidden="true"] .typewriter__text');
    await expect(typed).toHaveText('Personal Experiences');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // A hydration mismatch or a CSP refusal of the boot script would be reported on the console.
    expect(problems).toEqual([]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /router-entry|api-client/.test(path))).toEqual([]);
  });

  test('shows the menu from 834 px and a burger menu below, in full-page screenshots', async ({
    page,
  }, testInfo) => {
    const recruitment = page.getByRole('link', { name: /For Recruitment/ });
    const burger = page.getByRole('button', { name: 'Menu' });

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Join as Expert' }).first()).toBeVisible();
    await expect(recruitment).toBeVisible();
    await expect(burger).toBeHidden();
    await loadLazyImages(page);
    const wide = testInfo.outputPath('landing-1280.png');
    await page.screenshot({ path: wide, fullPage: true });

    await page.setViewportSize({ width: 375, height: 812 });
    await gotoLanding(page);
    await expect(burger).toBeVisible();
    await expect(recruitment).toBeHidden();
    await loadLazyImages(page);
    const narrow = testInfo.outputPath('landing-375.png');
    await page.screenshot({ path: narrow, fullPage: true });

    for (const file of [wide, narrow]) {
      expect(fs.statSync(file).size).toBeGreaterThan(10_000);
      await testInfo.attach(file.split('/').pop()!, { path: file, contentType: 'image/png' });
    }

    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(recruitment).toBeVisible();
    await expect(recruitment).toContainText('New');
    await expect(page.getByRole('link', { name: 'Brand / Distributor', exact: true })).toHaveAttribute(
      'href',
      '/joinasbrand',
    );
    await expect(page.getByRole('link', { name: 'Retailer', exact: true })).toHaveAttribute(
      'href',
      '/dealer/join-as-retailer',
    );
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(burger).toBeFocused();
  });

  test('"Ask your query now" appears after 5.5 seconds', async ({ page }) => {
    const started = Date.now();
    await page.goto('/');
    const ask = page.getByRole('link', { name: 'Ask your query now' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(ask).toHaveCount(0);
    await expect(ask).toBeVisible({ timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(5_000);
    await expect(ask).toHaveAttribute('href', '/askquery');
  });

  test('the footer shows the support phone and e-mail from the site settings', async ({ page, api }) => {
    const res = await api.get('/api/site/settings');
    expect(res.status()).toBe(200);
    const { data } = (await res.json()) as { data: { supportPhone: string; supportEmail: string } };

    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(data.supportPhone);
    await expect(footer.getByRole('link', { name: data.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${data.supportEmail}`,
    );
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacypolicy',
    );
    await expect(footer.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
      'href',
      '/termsandconditions',
    );
  });

  test('the app screenshots are optimised images of the demo content, with alt text', async ({
    page,
    api,
  }) => {
    // The review shot shows a demo review: its alt text names it, and the public feed still has it
    // (when the demo data changes, run scripts/capture-screenshots.mjs again).
    const titles: string[] = [];
    for (let page = 1; page <= 20; page += 1) {
      const feed = await api.get(`/api/inflncr/getAllInfluencersPostsWithoutMobileAndEmail/all/${page}/50`);
      const { Data } = (await feed.json()) as { Data: { postData: { caption: { value: string }[] } }[] };
      titles.push(...Data.map((post) => post.postData.caption[0]?.value ?? ''));
      if (Data.length < 50) break;
    }
    await page.goto('/');
    const reviewAlt = await page.locator('section[aria-labelledby="shot-review"] img').getAttribute('alt');
    expect(titles.some((title) => title && reviewAlt?.includes(`“${title}”`))).toBe(true);
    const shots = page.locator('img.lp-shot__img');
    await expect(shots).toHaveCount(3);
    for (const shot of await shots.all()) {
      await expect(shot).toHaveAttribute('src', /\.webp$/);
      await expect(shot).toHaveAttribute('loading', 'lazy');
      await expect(shot).toHaveAttribute('width', /\d+/);
      await expect(shot).toHaveAttribute('alt', /\w+/);
    }
  });
});

test.describe('legal and recruitment pages', () => {
  test('the privacy policy shows its date and the grievance officer', async ({ page, api }) => {
    const { data } = (await (await api.get('/api/site/settings')).json()) as {
      data: { grievanceOfficer: string; grievanceEmail: string };
    };
    await page.goto('/privacypolicy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText('Last updated: 22 November 2022')).toBeVisible();
    await expect(page.getByText(data.grievanceOfficer)).toBeVisible();
    await expect(page.getByRole('link', { name: data.grievanceEmail })).toBeVisible();
  });

  test('the terms show all 16 sections in order', async ({ page }) => {
    await page.goto('/termsandconditions');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
    await expect(page.locator('main').getByRole('heading', { level: 2 })).toHaveText(TERMS_SECTIONS);
  });

  test('"For Recruitment" leads to skill discovery and "Add Your Skill"', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.getByRole('link', { name: /For Recruitment/ }).click();
    await expect(page).toHaveURL(/\/skilldiscovery$/);
    await expect(
      page.getByRole('heading', { level: 1, name: /Display your skills.*get scouted by top recruiters/ }),
    ).toBeVisible();
    await expect(page.getByText('Search and choose a job requirement')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Your Skill' })).toHaveAttribute('href', '/addskill');
  });
});

test.describe('referral links', () => {
  test('/refer stores the referrer and goes to a path on this site', async ({ page }) => {
    await page.goto(`/refer?rid=abc&redirect=${encodeURIComponent('/joinasexpert')}`);
    await expect(page).toHaveURL(/\/joinasexpert$/);
    expect(await page.evaluate(() => localStorage.getItem('rid'))).toBe('abc');
  });

  test('/refer never sends the visitor to another site', async ({ page, baseURL }) => {
    await page.goto(`/refer?rid=abc&redirect=${encodeURIComponent('https://evil.example')}`);
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole('heading', { level: 1, name: /Find answers to your queries/ })).toBeVisible();
  });
});
