import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type PageScreenshotOptions,
} from '@playwright/test';
import { gstinCheckCharacter } from '@app/domain';
import { E2E_ADMIN } from './server';

export { expect };

/** The admin the e2e server was started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const adminCredentials = E2E_ADMIN;

/** Where the server under test listens; set by global setup (or by hand to reuse a running server). */
export function baseURL(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the tests through playwright.config.ts');
  return url;
}

/**
 * Opens `/` and waits until its script has taken over the prerendered page (the menu and the
 * headline's pause button work only from then on).
 */
export async function gotoLanding(page: Page) {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true');
}

/** Logs in through the API and returns the token for the `Authorization` header (sent raw). */
export async function apiLogin(api: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await api.post('/api/users/login', { data: { userName: email, password } });
  expect(res.status(), `login as ${email}: ${await res.text()}`).toBe(200);
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

/**
 * The GSTIN an applicant types: their own (a GSTIN is one seller's, issue 40, so two applicants the
 * admin approves never share one), with a wrong last character, the typing mistake the seller's Tax
 * details then ask them to correct.
 */
function typedGstin(): string {
  const letter = () => String.fromCharCode(65 + Math.floor(Math.random() * 26));
  const first14 = `29${letter()}${letter()}${letter()}FK${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}R1Z`;
  return first14 + (gstinCheckCharacter(first14) === '5' ? '6' : '5');
}

/**
 * A retailer registered through the public onboarding call (a shop in Koramangala selling Ethnic
 * Wear) with its contact verified; returns its one-time password. Not yet approved.
 */
export async function onboardRetailer(api: APIRequestContext, storeName: string, ownerName = 'Farah Khan') {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `retailer.${stamp}@example.com`;
  const mobile = `7${stamp.slice(-9)}`;
  const gstin = typedGstin();
  const res = await api.post('/api/users/singleStepOnboardUser', {
    data: {
      registerUser: { ownerName, email, mobile },
      companyName: `${storeName} Traders`,
      storeName,
      businessType: 'Sole Proprietorship',
      GSTINnum: gstin,
      year_of_establishment: 2017,
      sellCategory: [{ parentCategory: 'Fashion', childCategory: ['Ethnic Wear'] }],
      address: {
        address: '5, 80 Feet Road, Koramangala',
        pinCode: '560034',
        city: 'Bengaluru',
        state: 'Karnataka',
        country: 'India',
        location: { type: 'Point', coordinates: [77.6245, 12.9352] },
      },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { data } = (await res.json()) as { data: { _id: string } };
  return { id: data._id, email, mobile, gstin, password: await verifyRegistration(api, data._id, email) };
}

/**
 * A retailer the admin approved and who replaced the one-time password with `password`: ready to
 * log in. Returns a fresh token as well.
 */
export async function approvedSeller(
  api: APIRequestContext,
  adminApi: APIRequestContext,
  storeName: string,
  password = SELLER_PASSWORD,
) {
  const seller = await onboardRetailer(api, storeName);
  expect((await adminApi.post('/api/users/approveSeller', { data: { _id: seller.id } })).status()).toBe(200);
  const changed = await api.post('/api/users/changePassword', {
    headers: { Authorization: await apiLogin(api, seller.email, seller.password) },
    data: { currentPassword: seller.password, newPassword: password },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return { ...seller, password, token: await apiLogin(api, seller.email, password) };
}

/** The password approvedSeller gives its sellers. */
export const SELLER_PASSWORD = 'Masala-dosa-2026';

/** Opens a login page, fills it in like a user and submits it. */
export async function loginThroughPage(page: Page, path: string, email: string, password: string) {
  await page.goto(path);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  purpose: string;
}

/**
 * What the embedded messaging provider holds for one e-mail or mobile, newest first, read as the
 * admin through GET /api/admin/outbox: what the person would have received.
 */
export async function outboxFor(api: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const read = (token: string) =>
    api.get(`/api/admin/outbox?to=${encodeURIComponent(to)}`, { headers: { Authorization: token } });
  let res = await read(await adminToken(api));
  if (res.status() === 401) res = await read(await adminToken(api, true));
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: OutboxMessage[] }).data;
}

let adminSession: Promise<string> | undefined;

/**
 * The admin's token, kept for the worker: journeys poll the outbox many times, and a log-in each
 * time (an argon2 check on the server) cost the busy CI machine more than the polling itself.
 */
function adminToken(api: APIRequestContext, renew = false): Promise<string> {
  if (renew || !adminSession) {
    adminSession = apiLogin(api, adminCredentials.email, adminCredentials.password);
    // A failed log-in is not kept: the next call tries again.
    adminSession.catch(() => (adminSession = undefined));
  }
  return adminSession;
}

/** The newest 6-digit code sent to a contact (an order's message has a pincode, not a code). */
export async function codeFromOutbox(api: APIRequestContext, to: string): Promise<string> {
  for (const m of await outboxFor(api, to)) {
    if (m.purpose === 'order-update') continue;
    const code = /\b(\d{6})\b/.exec(m.text)?.[1];
    if (code) return code;
  }
  throw new Error(`no code in the outbox for ${to}`);
}

/** The newest one-time password sent to a contact. */
export async function passwordFromOutbox(api: APIRequestContext, to: string): Promise<string> {
  for (const m of await outboxFor(api, to)) {
    const password = /new account:(\S+)/.exec(m.text)?.[1];
    if (password) return password;
  }
  throw new Error(`no one-time password in the outbox for ${to}`);
}

/** Confirms a registration with the code from the outbox; returns the one-time password sent next. */
export async function verifyRegistration(api: APIRequestContext, userId: string, email: string) {
  const res = await api.post('/api/users/verifyContact', {
    data: { _id: userId, code: await codeFromOutbox(api, email) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return passwordFromOutbox(api, email);
}

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/** The WCAG 2.0–2.2 A and AA rules; axe's best-practice rules are advice, not the bar. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core in the page as it is now and fails on any WCAG A/AA violation, listing each rule
 * and the elements it found. Call it on every page and state a journey visits (after a failed
 * submit, with a dialog open, …). The script goes in through evaluate, which the page's CSP
 * (script-src 'self') does not govern, so the app's headers stay as they are in production.
 */
export async function expectNoA11yViolations(page: Page, label = page.url()) {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Audit the settled page: a toast fading in has, for a moment, text too faint for its contrast.
  // Endless animations (a spinner, the headline's caret) never settle and are left running.
  // (A paused one would never finish either, hence the time limit.)
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } }
    ).axe;
    // At the top of the page, so a control that happens to sit under the sticky header at the
    // current scroll position is not reported as an obscured target (axe's target-size rule reads
    // the layout as scrolled); the scroll position is given back afterwards.
    const { scrollX, scrollY } = window;
    window.scrollTo(0, 0);
    try {
      const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
      return result.violations;
    } finally {
      window.scrollTo(scrollX, scrollY);
    }
  }, WCAG_TAGS);
  const found = (violations as AxeViolation[]).map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n` +
      v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join('\n'),
  );
  expect(found, `axe found WCAG violations on ${label}`).toEqual([]);
}

/**
 * Screenshots for people to look at (.test-output/screens and the tests' attachments): taken
 * locally, and in CI only with E2E_SCREENSHOTS=1. No test reads them, and CI's run is bound by CPU
 * (issue 37): its 130 full-page PNGs, most at 390 and again at 1280 px, were work nobody looked at.
 */
export const screenshotsWanted = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

export async function reviewScreenshot(page: Page, options: PageScreenshotOptions): Promise<void> {
  if (screenshotsWanted) await page.screenshot(options);
}

/** The page does not scroll sideways (WCAG 1.4.10 at 320 CSS px). */
export async function expectNoHorizontalScroll(page: Page, label = page.url()) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal overflow in CSS px on ${label}`).toBeLessThanOrEqual(0);
}

/**
 * Every visible text box, select and text area has a border of at least 3:1 against what is behind
 * it (WCAG 1.4.11). axe does not check non-text contrast, so this does.
 */
export async function expectFieldBordersContrast(page: Page) {
  const failures = await page.evaluate(() => {
    const parse = (colour: string): [number, number, number, number] | null => {
      const match = colour.match(/rgba?\(([^)]+)\)/);
      if (!match?.[1]) return null;
      const parts = match[1]
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    };
    const luminance = ([r, g, b]: number[]) => {
      const channel = (v: number) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r ?? 0) + 0.7152 * channel(g ?? 0) + 0.0722 * channel(b ?? 0);
    };
    const backgroundBehind = (element: Element): number[] => {
      for (let node: Element | null = element.parentElement; node; node = node.parentElement) {
        const colour = parse(getComputedStyle(node).backgroundColor);
        if (colour && colour[3] > 0.99) return colour;
      }
      return [255, 255, 255];
    };
    const out: string[] = [];
    const fields = document.querySelectorAll<HTMLElement>(
      'input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden]), select, textarea',
    );
    for (const field of Array.from(fields)) {
      if (field.offsetParent === null) continue;
      const style = getComputedStyle(field);
      if (parseFloat(style.borderTopWidth) === 0) continue;
      const border = parse(style.borderTopColor);
      if (!border) continue;
      const back = backgroundBehind(field);
      const [l1, l2] = [luminance(border), luminance(back)];
      const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
      if (ratio < 3) {
        const name = field.getAttribute('name') ?? field.id;
        out.push(
          `${field.tagName.toLowerCase()}[${name}] border ${style.borderTopColor}: ${ratio.toFixed(2)}:1`,
        );
      }
    }
    return out;
  });
  expect(failures, 'field borders below 3:1').toEqual([]);
}

/** Presses Tab until the element has focus (keyboard-only journeys); fails after `limit` presses. */
export async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, 'reached by Tab').toBeFocused();
}

interface Fixtures {
  /** Waits, before each test, until the server answers. */
  serverUp: void;
  /** Request context on the server under test, without credentials. */
  api: APIRequestContext;
  /** Request context carrying a fresh admin token. */
  adminApi: APIRequestContext;
}

/**
 * Waits up to a minute for `/api/health` to answer 200, so that a server that died fails each test
 * with that message rather than with whatever its first request met.
 */
async function waitForServer(url: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) })).ok) return;
    } catch {
      // Not listening yet, or not answering: try again.
    }
    if (Date.now() > deadline) throw new Error(`The server at ${url} did not answer /api/health in 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export const test = base.extend<Fixtures>({
  serverUp: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      await waitForServer(baseURL());
      await use();
    },
    { auto: true },
  ],
  // Global setup decides the port after the config is read, so the URL comes from the environment.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(baseURL());
  },
  api: async ({ playwright }, use) => {
    const api = await playwright.request.newContext({ baseURL: baseURL() });
    await use(api);
    await api.dispose();
  },
  adminApi: async ({ playwright, api }, use) => {
    const token = await apiLogin(api, adminCredentials.email, adminCredentials.password);
    const adminApi = await playwright.request.newContext({
      baseURL: baseURL(),
      extraHTTPHeaders: { Authorization: token },
    });
    await use(adminApi);
    await adminApi.dispose();
  },
});

/** A saree at ₹1,499 with 5 in stock, made with the spec's product payload. */
export async function addSaree(api: APIRequestContext, token: string) {
  const res = await api.post('/api/products/createNewProduct', {
    headers: { Authorization: token },
    data: {
      images: [],
      videos: [],
      colour: 'Maroon',
      productName: 'Ilkal Cotton Saree',
      brand: 'Ilkal Looms',
      model: `Ilkal ${Date.now().toString(36)}`,
      moq: '4',
      ogPrice: '1100',
      dsctPrice: '1000',
      retailPrice: '1999',
      dsctRetailPrice: '1499',
      sku: '',
      skuId: '',
      dispatchTime: '1-2 Days',
      category: { parentCategoryName: 'Fashion', childCategoryName: 'Ethnic Wear' },
      gender: 'Women',
      ownership: 'Brand',
      channel: 'Omni',
      size: 'Free',
      tags: 'cotton',
      delivery: 'Free',
      samples: 'no',
      sampleQty: '',
      samplePrice: '',
      creditBooster: '',
      minCreditInstallment: '0',
      memberDsct: '',
      autorenewal: 'no',
      desc: 'Handloom cotton saree with a chikki paras border.',
      sizeTags: '',
      stock: '5',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { Data: { _id: string } }).Data._id;
}

/**
 * One of `productId` ordered for delivery to Dharwad through the spec's `euOrder/saveOrder2`, as a
 * guest (or by `buyerToken`'s account); answers the payment session to pay on the simulator's page.
 */
export async function orderOneSaree(api: APIRequestContext, productId: string, buyerToken?: string) {
  const stamp = Date.now().toString(36);
  const placed = await api.post('/api/euOrder/saveOrder2', {
    headers: buyerToken ? { Authorization: buyerToken } : {},
    data: {
      productId,
      quantity: 1,
      address: {
        firstName: 'Lakshmi',
        lastName: 'Hegde',
        houseNo: '7',
        street: 'Temple Street',
        landmark: 'Near the bus stand',
        city: 'Dharwad',
        state: 'Karnataka',
        country: 'India',
        pinCode: '580001',
        email: `lakshmi.${stamp}@example.com`,
        mobile: `6${String(Date.now()).slice(-9)}`,
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { cfOrder: { paymentSessionId: string } }).cfOrder.paymentSessionId;
}
